/**
 * The two storage backends behind one small interface. SQL is written once,
 * with `$1`-style parameters; the SQLite backend rewrites them. Values are
 * strings, numbers, null and Uint8Array; times are milliseconds since epoch.
 */
export type SqlValue = string | number | null | Uint8Array;
export type Row = Record<string, SqlValue>;

export interface Db {
  readonly backend: "sqlite" | "postgres";
  /** Runs one statement; rows for SELECT or RETURNING, else an empty list. */
  query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /**
   * Runs `work` in one transaction, committed (durably) before the promise
   * resolves, rolled back if it throws. On SQLite transactions run one at a time.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: statements that may not run in a transaction (VACUUM FULL), one after
   * another on a connection of their own, with no statement timeout (a rewrite lasts as long as
   * its table is large) and at most `lockTimeoutMs` of waiting for each lock.
   */
  maintain?(statements: readonly string[], lockTimeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The backend is unreachable or refused the write: the caller answers 503, never 2xx. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}
