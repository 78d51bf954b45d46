import net, { type AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** A mail as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Unfolded headers, names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** The body with a quoted-printable or base64 transfer encoding undone (single-part mail). */
  text: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Require this login (AUTH PLAIN/LOGIN over the plain connection). */
  auth?: { user: string; pass: string };
  /** Refuse every recipient (550) or every message after DATA (554). */
  reject?: "recipient" | "message";
  /** Answer each message this many ms after its data arrived, as a real server on a network does. */
  delayMs?: number;
}

function decodeBody(body: string, encoding: string | undefined) {
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  if (encoding !== "quoted-printable") return body;
  const escaped = body.replace(/=\r\n/g, "").replace(/%/g, "%25");
  return decodeURIComponent(escaped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`));
}

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

/** A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives. */
export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const config: SMTPServerOptions = {
    // A plain local relay: no STARTTLS (it would need a trusted certificate).
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(smtpError("Invalid username or password", 535));
      }
    },
    onRcptTo(_address, _session, callback) {
      callback(options.reject === "recipient" ? smtpError("Mailbox unavailable", 550) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.reject === "message") return callback(smtpError("Message rejected as spam", 554));
        const raw = Buffer.concat(chunks).toString("utf8");
        const split = raw.indexOf("\r\n\r\n");
        const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
        const headers: Record<string, string> = {};
        for (const line of head.split("\r\n")) {
          const colon = line.indexOf(":");
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            headers,
            body: raw.slice(split + 4),
            text: decodeBody(raw.slice(split + 4), headers["content-transfer-encoding"]),
          });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const login = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : "";
  return {
    url: `smtp://${login}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
