/** A small leveled logger writing one line per event; swap for pino if structured logs are ever needed. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(level: LogLevel): Logger {
  const enabled = (l: LogLevel) => order[l] >= order[level];
  const detail = (error: unknown) => (error instanceof Error ? `: ${error.message}` : error ? `: ${String(error)}` : "");
  return {
    debug: (m) => enabled("debug") && console.log(`[debug] ${m}`),
    info: (m) => enabled("info") && console.log(m),
    warn: (m, e) => enabled("warn") && console.warn(`[warn] ${m}${detail(e)}`),
    error: (m, e) => enabled("error") && console.error(`[error] ${m}${detail(e)}`),
  };
}
