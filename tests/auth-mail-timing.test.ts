import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { lastMailTo } from "#tests/support/auth.ts";
import { confirmedUser } from "#tests/support/site-fixtures.ts";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server.ts";

/**
 * Issue 8, point 6: the answers about an address take as long, and say the same, whether or not it has an account,
 * with a real SMTP server that takes its time (as one across a network does) or refuses the mail.
 */

let addresses = 0;
function freshIp() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

function api(site: TestSite, path: string, body: unknown) {
  return site.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), ip: freshIp() });
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe("with a mail server that takes 300 ms per mail", () => {
  const SMTP_DELAY_MS = 300;
  /**
   * How far apart the two medians may be: half the mail server's delay. Answers that waited for the mail would differ
   * by the whole delay or more; a loaded machine slows both kinds alike, since they alternate.
   */
  const MARGIN_MS = SMTP_DELAY_MS / 2;
  const ROUNDS = 9;
  let smtp: TestSmtpServer;
  let site: TestSite;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ delayMs: SMTP_DELAY_MS });
    site = await startTestSite({ trustProxy: true, smtpUrl: smtp.url });
    await confirmedUser(site, "known@example.com", "known-pass-1");
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  /** Times requests for an address with an account and one without, alternating which goes first. */
  async function timings(send: (email: string) => Promise<Response>, known: string, unknown: () => string) {
    const ms = { known: [] as number[], unknown: [] as number[] };
    const statuses = new Set<number>();
    const timed = async (kind: "known" | "unknown", email: string) => {
      const start = performance.now();
      const response = await send(email);
      await response.arrayBuffer();
      ms[kind].push(performance.now() - start);
      statuses.add(response.status);
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2) {
        await timed("known", known);
        await timed("unknown", unknown());
      } else {
        await timed("unknown", unknown());
        await timed("known", known);
      }
    }
    return { known: median(ms.known), unknown: median(ms.unknown), statuses: [...statuses] };
  }

  let strangers = 0;
  const stranger = () => `stranger-${++strangers}@example.com`;

  it("a reset request answers as fast for a known address as for an unknown one, on the form and the API", async () => {
    const received = smtp.received.length;
    const viaForm = await timings((email) => site.request("/auth/forgot-password", { ...form({ email }), ip: freshIp() }), "known@example.com", stranger);
    const viaApi = await timings((email) => api(site, "/api/auth/request-password-reset", { email }), "known@example.com", stranger);
    for (const result of [viaForm, viaApi]) {
      expect(result.statuses).toEqual([200]);
      expect(Math.abs(result.known - result.unknown), JSON.stringify(result)).toBeLessThan(MARGIN_MS);
    }
    // The mails were still sent: one per request for the known address, none for the others.
    await site.runtime.auth.flushMail();
    const mails = smtp.received.slice(received);
    expect(mails).toHaveLength(2 * ROUNDS);
    expect(mails.every((mail) => mail.to.join() === "known@example.com")).toBe(true);
  }, 120_000);
});

describe("with a mail server that refuses every mail", () => {
  let smtp: TestSmtpServer;
  let site: TestSite;
  const errors: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message) => void errors.push(message) };

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ reject: "message" });
    site = await startTestSite({ trustProxy: true, smtpUrl: smtp.url, logger });
    await confirmedUser(site, "known@example.com", "known-pass-1");
    const headers = new Headers({ [CLIENT_IP_HEADER]: "127.0.0.9" });
    await site.runtime.auth.api.signUpEmail({ body: { name: "pending", email: "pending@example.com", password: "pending-pass-1" }, headers });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  it("answers as for an unknown address, logs the failure, keeps the mail in the outbox and keeps serving", async () => {
    const viaForm = await Promise.all(
      ["known@example.com", "nobody@example.com"].map((email) => site.request("/auth/forgot-password", { ...form({ email }), ip: freshIp() })),
    );
    expect(viaForm.map((response) => response.status)).toEqual([200, 200]);

    for (const [path, known] of [
      ["/api/auth/request-password-reset", "known@example.com"],
      // Asking for a new confirmation link, for an unconfirmed account.
      ["/api/auth/send-verification-email", "pending@example.com"],
    ] as const) {
      const answers = [];
      for (const email of [known, "nobody@example.com"]) {
        const response = await api(site, path, { email });
        answers.push({ status: response.status, body: await response.text() });
      }
      expect(answers[0], path).toEqual(answers[1]);
      expect(answers[0]!.status, path).toBe(200);
    }

    await site.runtime.auth.flushMail();
    expect(errors).toContainEqual(expect.stringMatching(/^Mail "Reset your Phrasewise password" to known@example\.com failed; keeping it in mail_outbox/));
    expect(errors).toContainEqual(expect.stringMatching(/^Mail "Confirm your email for Phrasewise" to pending@example\.com failed/));
    const db = site.runtime.database.db;
    expect((await lastMailTo(site.runtime.auth, db, "known@example.com"))?.subject).toBe("Reset your Phrasewise password");
    expect((await lastMailTo(site.runtime.auth, db, "pending@example.com"))?.subject).toBe("Confirm your email for Phrasewise");
    expect(await lastMailTo(site.runtime.auth, db, "nobody@example.com")).toBeUndefined();
    expect((await site.request("/")).status).toBe(200);
  }, 120_000);
});
