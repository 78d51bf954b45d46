import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifiedSessionToken } from "#server/auth/session-token.server.ts";

/** A session cookie's value as the auth library signs it: `token.base64(HMAC-SHA256(token))`, URL-encoded. */
const signed = (token: string, secret: string) => encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

const secret = "a-secret-of-the-right-length-for-hmac-0123456789";
const other = "another-secret-of-the-right-length-9876543210-xyz";

describe("verifiedSessionToken", () => {
  it("gives the token of a value whose signature verifies, URL-encoded or not, the first time and every time after", () => {
    const value = signed("tokenA1", secret);
    for (let i = 0; i < 3; i++) {
      expect(verifiedSessionToken(value, secret)).toBe("tokenA1");
      expect(verifiedSessionToken(decodeURIComponent(value), secret)).toBe("tokenA1");
    }
  });

  it("refuses a changed token or signature, also after the genuine value verified", () => {
    const value = decodeURIComponent(signed("tokenB2", secret));
    expect(verifiedSessionToken(value, secret)).toBe("tokenB2");
    const [token, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    expect(verifiedSessionToken(`${token}x.${signature}`, secret)).toBeNull();
    expect(verifiedSessionToken(`${token}.${signature.slice(1)}`, secret)).toBeNull();
    expect(verifiedSessionToken(`${token}.`, secret)).toBeNull();
    expect(verifiedSessionToken(token, secret)).toBeNull();
    expect(verifiedSessionToken("%E0%A4%A", secret)).toBeNull();
  });

  it("refuses a value another secret signed, and one this secret verified once the secret changes", () => {
    const value = signed("tokenC3", secret);
    expect(verifiedSessionToken(signed("tokenC3", other), secret)).toBeNull();
    expect(verifiedSessionToken(value, secret)).toBe("tokenC3");
    expect(verifiedSessionToken(value, other)).toBeNull();
    expect(verifiedSessionToken(value, secret)).toBe("tokenC3");
  });

  it("still verifies every value after many more sessions than it keeps", () => {
    const values = Array.from({ length: 2_500 }, (_, i) => [`token${i}`, signed(`token${i}`, secret)] as const);
    for (const [token, value] of values) expect(verifiedSessionToken(value, secret)).toBe(token);
    for (const [token, value] of values) expect(verifiedSessionToken(value, secret)).toBe(token);
    expect(verifiedSessionToken(values[0]![1].replace("token0", "token1"), secret)).toBeNull();
  });
});
