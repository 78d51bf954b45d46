import { describe, expect, it } from "vitest";
import { rateLimitedText } from "#common/support-form.ts";
import { supportSchema } from "#common/support-schema.ts";

const errorsOf = (input: unknown) => supportSchema.safeParse(input).error?.issues.map((i) => [i.path[0], i.message]);

describe("support schema (SPEC §5)", () => {
  it("accepts a valid message and trims it", () => {
    expect(supportSchema.parse({ name: " Al ", email: " al@example.com ", message: "  0123456789  " })).toEqual({
      name: "Al",
      email: "al@example.com",
      message: "0123456789",
    });
  });

  it("uses the spec's messages for short, missing and malformed fields", () => {
    const expected = [
      ["name", "Name must be at least 2 characters."],
      ["email", "Please enter a valid email address."],
      ["message", "Message must be at least 10 characters."],
    ];
    expect(errorsOf({ name: "A", email: "a@", message: "123456789" })).toEqual(expected);
    expect(errorsOf({})).toEqual(expected);
    expect(errorsOf({ name: "  A  ", email: "   ", message: "    12345    " })).toEqual(expected);
  });

  it("caps the lengths", () => {
    expect(errorsOf({ name: "n".repeat(100), email: "a@example.com", message: "m".repeat(5000) })).toBeUndefined();
    expect(errorsOf({ name: "n".repeat(101), email: "a@example.com", message: "m".repeat(5001) })).toEqual([
      ["name", "Name must be at most 100 characters."],
      ["message", "Message must be at most 5000 characters."],
    ]);
  });
});

describe("rateLimitedText", () => {
  it("rounds up to whole minutes", () => {
    expect(rateLimitedText(1)).toBe("Too many messages. Please try again in 1 minute.");
    expect(rateLimitedText(60)).toBe("Too many messages. Please try again in 1 minute.");
    expect(rateLimitedText(61)).toBe("Too many messages. Please try again in 2 minutes.");
    expect(rateLimitedText(600)).toBe("Too many messages. Please try again in 10 minutes.");
  });
});
