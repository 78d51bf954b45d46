import { messages, type PGlite } from "@electric-sql/pglite";
import { DatabaseError, NoticeMessage, NotificationResponseMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";

type ProtocolStream = PGlite["execProtocolStream"];

/**
 * PGlite's answers read by node-postgres's protocol parser (pg-protocol, already ours for the prepared reads'
 * messages) instead of PGlite's own. PGlite 0.5's parser copies every field of every row into an ArrayBuffer of its
 * own before decoding it: a read of 250 rows of seven short columns costs 4-7 ms in `query()`, while the engine's own
 * answer, taken raw and read by pg-protocol (which decodes each field straight from one buffer), costs 0.5-0.7 ms
 * (bench/README.md, "PGlite's answers, read by pg-protocol").
 *
 * `query()`, `exec()` and transactions all send their messages through the instance's `execProtocolStream`, so this
 * replaces that one method, keeping its contract: the messages up to and including the first error, that error
 * thrown (as PGlite's own DatabaseError class, which `query()` adds the statement to) unless `throwOnError` is off,
 * notices handed to `onNotice`. The engine's answer comes from `execProtocolRawStream`, PGlite's public raw API.
 * Notifications (LISTEN) are refused rather than dropped: nothing here listens on the embedded database (the event
 * bus's LISTEN is for a PostgreSQL server), and one arriving means that changed.
 */
export function readAnswersWithPgProtocol(client: PGlite): void {
  const execProtocolStream: ProtocolStream = async (message, { syncToFs = true, throwOnError = true, onNotice } = {}) => {
    const parser = new Parser();
    const received: unknown[] = [];
    let failure: InstanceType<typeof messages.DatabaseError> | undefined;
    let notification = false;
    await client.execProtocolRawStream(message, {
      syncToFs,
      // The bytes are a view of the engine's memory, reused by its next write: pg-protocol keeps a partial message.
      onRawData: (bytes) =>
        parser.parse(Buffer.from(bytes), (answer) => {
          if (failure) return;
          if (answer instanceof DatabaseError) {
            const error = Object.assign(new messages.DatabaseError(answer.message, answer.length, "error"), answer);
            if (throwOnError) failure = error;
            received.push(error);
            return;
          }
          if (answer instanceof NoticeMessage) onNotice?.(answer as unknown as Parameters<NonNullable<typeof onNotice>>[0]);
          if (answer instanceof NotificationResponseMessage) notification = true;
          received.push(answer);
        }),
    });
    if (failure) throw failure;
    if (notification) throw new Error("A LISTEN notification from the embedded database: nothing reads them here");
    return received as Awaited<ReturnType<ProtocolStream>>;
  };
  client.execProtocolStream = execProtocolStream;
}
