import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { mailOutbox } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { createOutboxMailer } from "#server/mail/outbox-mailer.server.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(mailOutbox);
});

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    debug: (m) => lines.push(m),
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  };
  return { logger, lines };
}

describe("outbox mailer", () => {
  it("stores the mail in mail_outbox and logs one line", async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createOutboxMailer(handle.db, { from: "Phrasewise <no-reply@phrasewise.example>", logger });
    await mailer.send({
      to: "support@phrasewise.example",
      subject: "Hello",
      text: "Body",
      html: "<p>Body</p>",
      replyTo: "ana@example.com",
    });
    const rows = await handle.db.select().from(mailOutbox);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        from: "Phrasewise <no-reply@phrasewise.example>",
        to: "support@phrasewise.example",
        subject: "Hello",
        text: "Body",
        html: "<p>Body</p>",
        replyTo: "ana@example.com",
        createdAt: expect.any(Date),
      },
    ]);
    expect(lines).toEqual([
      `Mail "Hello" to support@phrasewise.example kept in the mail_outbox table (id ${rows[0]?.id}): SMTP_URL is not set`,
    ]);
  });

  it("stores missing html and reply-to as null, and a subject on one line", async () => {
    const { logger, lines } = recordingLogger();
    await createOutboxMailer(handle.db, { from: "x@example.com", logger }).send({
      to: "a@example.com",
      subject: "Two\nlines",
      text: "Body",
    });
    const [row] = await handle.db.select().from(mailOutbox);
    expect(row).toMatchObject({ subject: "Two lines", html: null, replyTo: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
  });
});
