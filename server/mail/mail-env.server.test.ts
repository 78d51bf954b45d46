import { describe, expect, it } from "vitest";
import { ConfigError, defaultMailFrom, loadEnv } from "#server/env.server.ts";

describe("mail configuration", () => {
  it("has no SMTP server by default and sends as the site name", () => {
    const env = loadEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe("Phrasewise <no-reply@phrasewise.example>");
    expect(loadEnv({ SITE_NAME: "Lingo Pal" }).MAIL_FROM).toBe("Lingo Pal <no-reply@phrasewise.example>");
    expect(defaultMailFrom('Acme, Inc. "Learn"')).toBe('"Acme, Inc. Learn" <no-reply@phrasewise.example>');
  });

  it("accepts smtp:// and smtps:// URLs and refuses others", () => {
    expect(loadEnv({ SMTP_URL: "smtp://mail.example:25" }).SMTP_URL).toBe("smtp://mail.example:25");
    expect(loadEnv({ SMTP_URL: "smtps://user:pass@mail.example:465" }).SMTP_URL).toBe("smtps://user:pass@mail.example:465");
    expect(() => loadEnv({ SMTP_URL: "http://mail.example" })).toThrow(ConfigError);
    expect(() => loadEnv({ SMTP_URL: "mail.example:25" })).toThrow("Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL");
  });

  it("accepts MAIL_FROM as an address or Name <address>", () => {
    expect(loadEnv({ MAIL_FROM: "help@learn.example" }).MAIL_FROM).toBe("help@learn.example");
    expect(loadEnv({ MAIL_FROM: "Learn Team <help@learn.example>" }).MAIL_FROM).toBe("Learn Team <help@learn.example>");
    expect(() => loadEnv({ MAIL_FROM: "Learn Team" })).toThrow("Invalid configuration: MAIL_FROM must be an address");
  });
});
