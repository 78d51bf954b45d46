import { describe, expect, it } from "vitest";
import { clearFlashCookie, flashCookie, readFlash } from "#server/auth/flash.server.ts";

const options = { secret: "s".repeat(40), secure: false };
const requestWith = (setCookie: string) => new Request("http://x/", { headers: { cookie: setCookie.split(";")[0]! } });

describe("flash messages", () => {
  it("round-trips messages in a short-lived HttpOnly cookie", () => {
    const cookie = flashCookie([{ type: "success", title: "Signed out" }], options);
    expect(cookie).toMatch(/^phrasewise\.flash=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60$/);
    expect(readFlash(requestWith(cookie), options)).toEqual({
      messages: [{ type: "success", title: "Signed out", id: expect.stringMatching(/^[\w-]{12}$/) }],
      present: true,
    });
    expect(flashCookie([], { ...options, secure: true })).toMatch(/; Secure$/);
    expect(clearFlashCookie(options)).toMatch(/Max-Age=0/);
  });

  it("gives each answer's toast an id of its own: every read of one cookie the same, the same text again another", () => {
    const first = flashCookie([{ type: "success", title: "Lesson completed" }], options);
    const again = flashCookie([{ type: "success", title: "Lesson completed" }], options);
    const id = (cookie: string) => readFlash(requestWith(cookie), options).messages[0]!.id;
    expect(id(first)).toBe(id(first));
    expect(id(again)).not.toBe(id(first));
  });

  it("ignores a tampered or foreign-signed cookie", () => {
    const cookie = flashCookie([{ type: "success", title: "Admin privileges granted automatically" }], options);
    const [name, rest] = cookie.split("=") as [string, string];
    const [payload, signature] = rest.split(";")[0]!.split(".");
    const forged = Buffer.from(JSON.stringify([{ type: "success", title: "Forged" }])).toString("base64url");
    expect(readFlash(requestWith(`${name}=${forged}.${signature}`), options).messages).toEqual([]);
    expect(readFlash(requestWith(`${name}=${payload}.${signature}`), { secret: "t".repeat(40) }).messages).toEqual([]);
    expect(readFlash(new Request("http://x/"), options)).toEqual({ messages: [], present: false });
  });
});
