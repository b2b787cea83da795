/**
 * Structured logs: one JSON object per line on stdout. Lines carry what
 * operators need (request id, method, path without query, status, timing,
 * error stacks) and no personal data: no addresses, user agents, cookies,
 * query strings or bodies.
 */
import { redact } from "./redact.ts";

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
/** What is logged of every request (an info line with the message "request"). */
export type RequestLine = { id: string; method: string; path: string; status: number; ms: number; aborted: boolean };
export type Logger = {
  /** One line per request, formatted directly: at full load it is written tens of thousands of times a second. */
  request(line: RequestLine): void;
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
    // UTF-8 takes at most 3 bytes per UTF-16 unit: room for that is room enough, without
    // measuring the line first.
    const most = text.length * 3;
    if (used + most > BUFFER_BYTES) flush();
    // A line that might not fit the whole buffer (a long stack) goes out on its own.
    if (most > BUFFER_BYTES) write(text);
    else used += buffer.write(text, used);
  };
  const emitText = (at: LogLevel, text: string) => {
    append(text);
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
  const emit = (at: LogLevel, message: string, fields: LogFields = {}) => {
    if (RANK[at] < RANK[level]) return;
    emitText(at, `${JSON.stringify(line(at, message, fields))}\n`);
  };
  const quiet = RANK.info < RANK[level];
  return {
    request: (r) => {
      if (quiet) return;
      // The line `info("request", r)` would write, without the two objects that builds and
      // JSON.stringify's walk over them (docs/benchmarks.md).
      const aborted = r.aborted ? ',"aborted":true' : "";
      emitText(
        "info",
        `{"time":"${now()}","level":"info","msg":"request","id":${quote(r.id)},"method":${quote(r.method)},"path":${quote(r.path)},"status":${r.status},"ms":${r.ms}${aborted}}\n`,
      );
    },
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

/** A JSON string literal. Ids, methods and most paths are printable ASCII without quotes or
 * backslashes, which need no escaping: checked here, since JSON.stringify of a lone string is a
 * call out of compiled code (measured as the largest part of a request line's cost). */
function quote(value: string): string {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/**
 * One log line's object; errors become their name, message and stack (JSON would drop them),
 * redacted: a database's or a receiver's error can quote what it was given (an e-mail, a phone).
 */
function line(level: LogLevel, msg: string, fields: LogFields): LogFields {
  const out: LogFields = { time: now(), level, msg };
  for (const key in fields) {
    const value = fields[key];
    out[key] = value instanceof Error ? { name: value.name, message: redact(value.message), stack: value.stack && redact(value.stack) } : value;
  }
  return out;
}

/** The path of a request target for logs: no query (it can hold personal data), bounded length. */
export function loggablePath(target: string): string {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}
