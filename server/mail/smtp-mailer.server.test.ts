import { afterEach, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#server/mail/smtp-mailer.server.ts";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server.ts";

const from = "Phrasewise <no-reply@phrasewise.example>";
let server: TestSmtpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("SMTP mailer", () => {
  it("delivers to a real SMTP server with the sender, reply-to, subject and body", async () => {
    server = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: server.url, from });
    await mailer.send({
      to: "support@phrasewise.example",
      subject: "Hello",
      text: "First line\nSecond line",
      replyTo: "ana@example.com",
    });
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.from).toBe("no-reply@phrasewise.example");
    expect(mail?.to).toEqual(["support@phrasewise.example"]);
    expect(mail?.headers).toMatchObject({
      from: "Phrasewise <no-reply@phrasewise.example>",
      to: "support@phrasewise.example",
      "reply-to": "ana@example.com",
      subject: "Hello",
    });
    expect(mail?.body).toContain("First line\r\nSecond line");
  });

  it("sends an HTML alternative when given one", async () => {
    server = await startTestSmtpServer();
    await createSmtpMailer({ url: server.url, from }).send({
      to: "a@example.com",
      subject: "Both",
      text: "plain",
      html: "<p>rich</p>",
    });
    expect(server.received[0]?.headers["content-type"]).toContain("multipart/alternative");
    expect(server.received[0]?.body).toContain("<p>rich</p>");
  });

  it("logs in with the user and password in SMTP_URL", async () => {
    server = await startTestSmtpServer({ auth: { user: "mailer", pass: "s3cret:/@" } });
    await createSmtpMailer({ url: server.url, from }).send({ to: "a@example.com", subject: "Auth", text: "x" });
    expect(server.received).toHaveLength(1);

    const wrong = server.url.replace(encodeURIComponent("s3cret:/@"), "wrong");
    await expect(createSmtpMailer({ url: wrong, from }).send({ to: "a@example.com", subject: "Auth", text: "x" })).rejects.toThrow(
      /Invalid username or password/,
    );
  });

  it("keeps a subject on one line, so input cannot add headers", async () => {
    server = await startTestSmtpServer();
    await createSmtpMailer({ url: server.url, from }).send({
      to: "a@example.com",
      subject: "Hi\r\nBcc: victim@example.com",
      text: "x",
    });
    const [mail] = server.received;
    expect(mail?.to).toEqual(["a@example.com"]);
    expect(mail?.headers.bcc).toBeUndefined();
    expect(mail?.headers.subject).toBe("Hi Bcc: victim@example.com");
  });

  it("rejects when the server refuses the connection", async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from });
    await expect(mailer.send({ to: "a@example.com", subject: "x", text: "x" })).rejects.toThrow(/ECONNREFUSED/);
  });

  it("rejects when the server refuses the recipient or the message", async () => {
    server = await startTestSmtpServer({ reject: "recipient" });
    await expect(
      createSmtpMailer({ url: server.url, from }).send({ to: "a@example.com", subject: "x", text: "x" }),
    ).rejects.toThrow(/Mailbox unavailable/);
    await server.close();

    server = await startTestSmtpServer({ reject: "message" });
    await expect(
      createSmtpMailer({ url: server.url, from }).send({ to: "a@example.com", subject: "x", text: "x" }),
    ).rejects.toThrow(/Message rejected as spam/);
    expect(server.received).toEqual([]);
  });
});
