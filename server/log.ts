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

/** Request lines wait at most this long, or until this much is buffered (nginx's buffered access log does the same). */
const FLUSH_AFTER_MS = 100;
const BUFFER_BYTES = 64 * 1024;

export function createLogger({ level, write = (chunk) => process.stdout.write(chunk) }: LoggerOptions): Logger {
  // At tens of thousands of requests a second a write per line, or even per
  // event-loop turn, is measurable: info lines are written in batches.
  // Warnings and errors go out at the end of the current turn, with
  // everything buffered before them. Lines wait as bytes in one reused
  // buffer, not as strings: strings kept for 100 ms outlive the young
  // generation, and collecting them cost more than writing them.
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let immediate = false;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    immediate = false;
    if (used === 0) return;
    const chunk = buffer.toString("utf8", 0, used);
    used = 0;
    write(chunk);
  };
  const append = (text: string) => {
    const bytes = Buffer.byteLength(text);
    if (used + bytes > BUFFER_BYTES) flush();
    // A line longer than the whole buffer (a long stack) goes out on its own.
    if (bytes > BUFFER_BYTES) write(text);
    else used += buffer.write(text, used);
  };
  const emit = (at: LogLevel, message: string, fields: LogFields = {}) => {
    if (RANK[at] < RANK[level]) return;
    append(`${JSON.stringify(line(at, message, fields))}\n`);
    if (at !== "info") {
      if (!immediate) {
        immediate = true;
        setImmediate(flush);
      }
    } else if (!timer && !immediate && used > 0) {
      // Unref'd: a pending log line never keeps the process alive (exit paths call flush).
      timer = setTimeout(flush, FLUSH_AFTER_MS).unref();
    }
  };
  return {
    info: (message, fields) => emit("info", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    error: (message, fields) => emit("error", message, fields),
    flush,
  };
}

/** The current time as ISO 8601, formatted once per millisecond (many lines share one). */
let formattedAt = 0;
let formatted = "";
function now(): string {
  const ms = Date.now();
  if (ms !== formattedAt) {
    formattedAt = ms;
    formatted = new Date(ms).toISOString();
  }
  return formatted;
}

/** One log line's object; errors become their name, message and stack (JSON would drop them). */
function line(level: LogLevel, msg: string, fields: LogFields): LogFields {
  const out: LogFields = { time: now(), level, msg };
  for (const key in fields) {
    const value = fields[key];
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
