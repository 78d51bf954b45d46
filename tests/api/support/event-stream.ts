/**
 * Reads a Server-Sent Events answer (GET /api/v1/events) message by message, as EventSource parses it
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation), without waiting for a
 * body that never ends.
 */
export interface StreamMessage {
  event?: string;
  /** The `data:` lines, joined. */
  data?: string;
  retry?: number;
  /** A comment line's text (the heartbeat). */
  comment?: string;
}

export interface LiveEvent {
  event: string;
  data: unknown;
}

export interface EventReader {
  /** The next message of any kind (event, retry, comment); rejects when the stream ends first or after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamMessage>;
  /** The next message that names an event, with its data parsed. */
  nextEvent(timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves with true when the server ends the stream (cleanly) within `timeoutMs`, skipping what comes before. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function readEvents(response: Response): EventReader {
  if (!response.body) throw new Error("The answer has no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const queue: StreamMessage[] = [];
  let buffer = "";
  let current: StreamMessage = {};
  let done = false;

  const parse = (line: string) => {
    if (line === "") {
      if (current.event !== undefined || current.data !== undefined || current.retry !== undefined) queue.push(current);
      current = {};
      return;
    }
    if (line.startsWith(":")) {
      queue.push({ comment: line.slice(1).trim() });
      return;
    }
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") current.event = value;
    else if (field === "data") current.data = current.data === undefined ? value : `${current.data}\n${value}`;
    else if (field === "retry") current.retry = Number(value);
  };

  const next = async (timeoutMs = 5_000): Promise<StreamMessage> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No message within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      while (queue.length === 0) {
        if (done) throw new Error("The stream ended");
        const chunk = await Promise.race([reader.read(), timeout]);
        if (chunk.done) {
          done = true;
          continue;
        }
        buffer += chunk.value;
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop()!;
        for (const line of lines) parse(line);
      }
      return queue.shift()!;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    next,
    async nextEvent(timeoutMs) {
      for (;;) {
        const message = await next(timeoutMs);
        if (message.event !== undefined) return { event: message.event, data: message.data === undefined ? undefined : JSON.parse(message.data) };
      }
    },
    async ended(timeoutMs = 5_000) {
      try {
        for (;;) await next(timeoutMs);
      } catch (error) {
        if ((error as Error).message === "The stream ended") return true;
        throw error;
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
