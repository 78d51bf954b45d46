import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { loadWithRetries, retryDelayMs } from "#app/lib/load-with-retries.ts";

const noDelay = () => 0;

/** A loader that fails with the given outcomes first, in order, and then answers "ok". */
function flaky(outcomes: Array<{ throw: unknown } | { answer: string }>) {
  let calls = 0;
  const load = async () => {
    const outcome = outcomes[calls++];
    if (!outcome) return "ok";
    if ("throw" in outcome) throw outcome.throw;
    return outcome.answer;
  };
  return { load, calls: () => calls };
}

describe("loadWithRetries (SPEC §4: up to 3 retries)", () => {
  it("tries again after network failures and 5xx answers, and returns the first good answer", async () => {
    const loader = flaky([{ throw: new TypeError("Failed to fetch") }, { throw: new Response(null, { status: 503 }) }, { throw: new Error("502") }]);
    await expect(loadWithRetries(loader.load, { delayMs: noDelay })).resolves.toBe("ok");
    expect(loader.calls()).toBe(4);
  });

  it("gives up after 3 retries (4 attempts) with the last error", async () => {
    const loader = flaky(Array.from({ length: 5 }, (_, i) => ({ throw: new Error(`down ${i}`) })));
    await expect(loadWithRetries(loader.load, { delayMs: noDelay })).rejects.toThrow("down 3");
    expect(loader.calls()).toBe(4);
  });

  it("passes a redirect or a refusal on at once", async () => {
    const redirected = flaky([{ throw: redirect("/auth") }]);
    await expect(loadWithRetries(redirected.load, { delayMs: noDelay })).rejects.toBeInstanceOf(Response);
    expect(redirected.calls()).toBe(1);
    const refused = flaky([{ throw: new Response(null, { status: 403 }) }]);
    await expect(loadWithRetries(refused.load, { delayMs: noDelay })).rejects.toMatchObject({ status: 403 });
    expect(refused.calls()).toBe(1);
  });

  it("retries an answer marked failed, and returns the last one as it is", async () => {
    const recovering = flaky([{ answer: "error" }, { answer: "error" }]);
    await expect(loadWithRetries(recovering.load, { delayMs: noDelay, failed: (a) => a === "error" })).resolves.toBe("ok");
    expect(recovering.calls()).toBe(3);
    const down = flaky(Array.from({ length: 4 }, () => ({ answer: "error" })));
    await expect(loadWithRetries(down.load, { delayMs: noDelay, failed: (a) => a === "error" })).resolves.toBe("error");
    expect(down.calls()).toBe(4);
  });

  it("waits 1, 2 and 4 s between attempts, never more than 30 s", () => {
    expect([0, 1, 2, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30_000]);
  });
});
