import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { mailOutbox, rateLimits, supportMessages } from "#server/db/schema.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import { createOutboxMailer } from "#server/mail/outbox-mailer.server.ts";
import { createSmtpMailer } from "#server/mail/smtp-mailer.server.ts";
import { startSupportMailRetry } from "#server/support/support-mail-retry.server.ts";
import {
  MAX_SUPPORT_MAIL_ATTEMPTS,
  resendSupportMessages,
  STUCK_SUPPORT_MAIL_MS,
  submitSupportMessage,
  type SupportDeps,
} from "#server/support/support.server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server.ts";

const from = "Phrasewise <no-reply@phrasewise.example>";
const valid = { name: "Ana Lima", email: "ana@example.com", message: "The audio on lesson 3 does not play." };

let handle: DatabaseHandle;
let smtp: TestSmtpServer | undefined;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(supportMessages);
  await handle.db.delete(mailOutbox);
  await handle.db.delete(rateLimits);
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

function deps(mailer: Mailer): SupportDeps {
  return { db: handle.db, mailer, logger: quietLogger, supportEmail: "support@phrasewise.example", siteName: "Phrasewise" };
}

const storedMessages = () => handle.db.select().from(supportMessages);

describe("submitSupportMessage", () => {
  it("stores the message, mails it to SUPPORT_EMAIL through a real SMTP server with Reply-To the sender, and marks it sent", async () => {
    smtp = await startTestSmtpServer();
    const result = await submitSupportMessage(deps(createSmtpMailer({ url: smtp.url, from })), valid, "203.0.113.7");
    expect(result).toEqual({ status: "sent", id: expect.any(String) });

    const [row] = await storedMessages();
    expect(row).toMatchObject({ id: result.status === "sent" ? result.id : "", ...valid, mailStatus: "sent" });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["support@phrasewise.example"]);
    expect(mail?.headers["reply-to"]).toBe("ana@example.com");
    expect(mail?.headers.subject).toBe("[Phrasewise support] Message from Ana Lima");
    expect(mail?.text).toContain("Reply to this mail to answer Ana Lima.");
    expect(mail?.text).toContain(`Name: Ana Lima\r\nEmail: ana@example.com\r\nReceived: ${row?.createdAt.toISOString()}\r\n`);
    expect(mail?.text).toContain(`Reference: ${row?.id}`);
    expect(mail?.text).toContain("The audio on lesson 3 does not play.");
  });

  it("mails non-ASCII names and long messages intact", async () => {
    smtp = await startTestSmtpServer();
    const message = `Olá! ${"Ça marche très bien, 100% merci. ".repeat(8)}日本語`;
    await submitSupportMessage(deps(createSmtpMailer({ url: smtp.url, from })), { ...valid, name: "José Núñez", message }, "203.0.113.7");
    expect(smtp.received[0]?.text).toContain("Name: José Núñez");
    expect(smtp.received[0]?.text).toContain(message);
  });

  it("trims the fields before storing them", async () => {
    smtp = await startTestSmtpServer();
    await submitSupportMessage(
      deps(createSmtpMailer({ url: smtp.url, from })),
      { name: "  Ana  ", email: " ana@example.com ", message: "  Ten chars at least  " },
      "203.0.113.7",
    );
    const [row] = await storedMessages();
    expect(row).toMatchObject({ name: "Ana", email: "ana@example.com", message: "Ten chars at least" });
  });

  it("without SMTP keeps the mail in the outbox and counts that as sent", async () => {
    const result = await submitSupportMessage(deps(createOutboxMailer(handle.db, { from, logger: quietLogger })), valid, "203.0.113.7");
    expect(result.status).toBe("sent");
    expect((await storedMessages())[0]?.mailStatus).toBe("sent");
    const outbox = await handle.db.select().from(mailOutbox);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: "support@phrasewise.example", replyTo: "ana@example.com", from });
    expect(outbox[0]?.text).toContain(valid.message);
  });

  it("keeps the message as 'failed' when the SMTP server refuses the connection", async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from });
    const result = await submitSupportMessage(deps(mailer), valid, "203.0.113.7");
    expect(result).toEqual({ status: "mail-failed", id: expect.any(String) });
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, mailStatus: "failed" });
  });

  it("keeps the message as 'failed' when the SMTP server rejects it", async () => {
    smtp = await startTestSmtpServer({ reject: "message" });
    const result = await submitSupportMessage(deps(createSmtpMailer({ url: smtp.url, from })), valid, "203.0.113.7");
    expect(result.status).toBe("mail-failed");
    expect((await storedMessages())[0]).toMatchObject({ ...valid, mailStatus: "failed" });
    expect(smtp.received).toEqual([]);
  });

  it("stores the message before mailing it ('pending' while the mail is on its way)", async () => {
    const seen: string[] = [];
    const mailer: Mailer = {
      async send() {
        seen.push(...(await storedMessages()).map((r) => r.mailStatus));
      },
    };
    await submitSupportMessage(deps(mailer), valid, "203.0.113.7");
    expect(seen).toEqual(["pending"]);
  });

  it("returns the spec's field errors and stores nothing for invalid input", async () => {
    const mailer = createOutboxMailer(handle.db, { from, logger: quietLogger });
    expect(await submitSupportMessage(deps(mailer), { name: " A ", email: "not-an-email", message: "too short" }, "203.0.113.7")).toEqual({
      status: "invalid",
      fieldErrors: {
        name: ["Name must be at least 2 characters."],
        email: ["Please enter a valid email address."],
        message: ["Message must be at least 10 characters."],
      },
    });
    expect(await submitSupportMessage(deps(mailer), {}, "203.0.113.7")).toMatchObject({
      status: "invalid",
      fieldErrors: { name: expect.any(Array), email: expect.any(Array), message: expect.any(Array) },
    });
    expect(await storedMessages()).toEqual([]);
    expect(await handle.db.$count(rateLimits)).toBe(0);
  });

  it("refuses overlong fields", async () => {
    const mailer = createOutboxMailer(handle.db, { from, logger: quietLogger });
    const result = await submitSupportMessage(
      deps(mailer),
      { name: "x".repeat(101), email: `${"a".repeat(250)}@example.com`, message: "m".repeat(5001) },
      "203.0.113.7",
    );
    expect(result).toEqual({
      status: "invalid",
      fieldErrors: {
        name: ["Name must be at most 100 characters."],
        email: ["Please enter a valid email address."],
        message: ["Message must be at most 5000 characters."],
      },
    });
  });

  it("allows 5 messages per client in 10 minutes, then refuses without storing or mailing", async () => {
    smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from });
    for (let i = 0; i < 5; i++) {
      expect((await submitSupportMessage(deps(mailer), valid, "203.0.113.7")).status).toBe("sent");
    }
    const refused = await submitSupportMessage(deps(mailer), valid, "::ffff:203.0.113.7");
    expect(refused.status).toBe("rate-limited");
    if (refused.status === "rate-limited") {
      expect(refused.retryAfterSeconds).toBeGreaterThan(9 * 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(10 * 60);
    }
    expect(await storedMessages()).toHaveLength(5);
    expect(smtp.received).toHaveLength(5);
    // Another client is not affected.
    expect((await submitSupportMessage(deps(mailer), valid, "198.51.100.1")).status).toBe("sent");
  });

  it("does not let a name add mail headers", async () => {
    smtp = await startTestSmtpServer();
    await submitSupportMessage(
      deps(createSmtpMailer({ url: smtp.url, from })),
      { ...valid, name: "Eve\r\nBcc: victim@example.com" },
      "203.0.113.7",
    );
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["support@phrasewise.example"]);
    expect(mail?.headers.bcc).toBeUndefined();
    expect(mail?.headers.subject).toBe("[Phrasewise support] Message from Eve Bcc: victim@example.com");
  });
});

describe("resendSupportMessages", () => {
  const refused = async () => createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000);

  it("mails failed messages once the mail server is back, oldest first, and marks them sent", async () => {
    const failing = deps(await refused());
    await submitSupportMessage(failing, { ...valid, name: "First Sender" }, "203.0.113.7");
    await submitSupportMessage(failing, { ...valid, name: "Second Sender" }, "203.0.113.8");
    expect((await storedMessages()).map((row) => row.mailStatus)).toEqual(["failed", "failed"]);

    smtp = await startTestSmtpServer();
    expect(await resendSupportMessages(deps(createSmtpMailer({ url: smtp.url, from })))).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received.map((mail) => mail.headers.subject)).toEqual([
      "[Phrasewise support] Message from First Sender",
      "[Phrasewise support] Message from Second Sender",
    ]);
    expect(smtp.received[0]?.headers["reply-to"]).toBe("ana@example.com");
    expect((await storedMessages()).map((row) => row.mailStatus)).toEqual(["sent", "sent"]);

    // Nothing is left to send.
    expect(await resendSupportMessages(deps(createSmtpMailer({ url: smtp.url, from })))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("tries each message once per run and keeps it 'failed' while the mail server is still down", async () => {
    await submitSupportMessage(deps(await refused()), valid, "203.0.113.7");
    expect(await resendSupportMessages(deps(await refused()))).toEqual({ sent: 0, failed: 1 });
    expect(await storedMessages()).toMatchObject([{ ...valid, mailStatus: "failed" }]);
  });

  it("retries a message left pending by an attempt over an hour ago, and leaves a recent pending one alone", async () => {
    await handle.db.insert(supportMessages).values([
      { ...valid, name: "Stuck Sender", mailStatus: "pending", mailAttemptedAt: minutesAgo(STUCK_SUPPORT_MAIL_MS / 60_000 + 1) },
      { ...valid, name: "Recent Sender", mailStatus: "pending", mailAttemptedAt: minutesAgo(5) },
      { ...valid, name: "Sent Sender", mailStatus: "sent", mailAttemptedAt: minutesAgo(600) },
    ]);
    smtp = await startTestSmtpServer();
    expect(await resendSupportMessages(deps(createSmtpMailer({ url: smtp.url, from })))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((mail) => mail.headers.subject)).toEqual(["[Phrasewise support] Message from Stuck Sender"]);
    const [recent] = await handle.db.select().from(supportMessages).where(eq(supportMessages.name, "Recent Sender"));
    expect(recent?.mailStatus).toBe("pending");
  });

  it("counts the attempts and stops retrying a message the mail server keeps refusing", async () => {
    await submitSupportMessage(deps(await refused()), valid, "203.0.113.7");
    for (let attempt = 2; attempt <= MAX_SUPPORT_MAIL_ATTEMPTS; attempt++) {
      expect(await resendSupportMessages(deps(await refused()))).toEqual({ sent: 0, failed: 1 });
    }
    expect(await storedMessages()).toMatchObject([{ mailStatus: "failed", mailAttempts: MAX_SUPPORT_MAIL_ATTEMPTS }]);
    smtp = await startTestSmtpServer();
    expect(await resendSupportMessages(deps(createSmtpMailer({ url: smtp.url, from })))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it("runs on a timer in the server, and stopping it waits for the run in progress", async () => {
    await submitSupportMessage(deps(await refused()), valid, "203.0.113.7");
    smtp = await startTestSmtpServer();
    const retry = startSupportMailRetry(deps(createSmtpMailer({ url: smtp.url, from })), 20);
    try {
      await expect.poll(async () => (await storedMessages())[0]?.mailStatus, { timeout: 10_000 }).toBe("sent");
    } finally {
      await retry.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect((await storedMessages())[0]?.mailAttempts).toBe(2);
  });

  it("never mails a message twice when two runs overlap", async () => {
    const failing = deps(await refused());
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) await submitSupportMessage(failing, valid, ip);
    smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from });
    const runs = await Promise.all([resendSupportMessages(deps(mailer)), resendSupportMessages(deps(mailer))]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(3);
    expect(smtp.received).toHaveLength(3);
    expect(new Set(smtp.received.map((mail) => mail.text.match(/Reference: (\S+)/)?.[1])).size).toBe(3);
  });
});
