/**
 * Structured logs: one JSON object per line on stdout. Lines carry what
 * operators need (request id, method, path without query, status, timing,
 * error stacks) and no personal data: no addresses, user agents, cookies,
 * query strings or bodies.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Writes what is buffered now (before exit). */
  flush(): void;
};

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };
/** Paths longer than this are cut in logs: a 9 KB crafted path says nothing more than its start. */
const MAX_PATH = 200;

export type LoggerOptions = { level: LogLevel; write?: (chunk: string) => void };

export function createLogger({ level, write = (chunk) => process.stdout.write(chunk) }: LoggerOptions): Logger {
  // Lines written in one event-loop turn go out in one write: at tens of
  // thousands of requests a second a syscall per line is measurable.
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    write(chunk);
  };
  const emit = (at: LogLevel, message: string, fields: LogFields = {}) => {
    if (RANK[at] < RANK[level]) return;
    pending.push(`${JSON.stringify({ time: new Date().toISOString(), level: at, msg: message, ...serialisable(fields) })}\n`);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    info: (message, fields) => emit("info", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    error: (message, fields) => emit("error", message, fields),
    flush,
  };
}

function serialisable(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

/** The path of a request target for logs: no query (it can hold personal data), bounded length. */
export function loggablePath(target: string): string {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}
