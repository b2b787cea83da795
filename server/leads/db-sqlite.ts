import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { Db, Row, SqlValue } from "./db.ts";
import { StoreUnavailableError } from "./db.ts";

/**
 * The embedded store: one SQLite file in the data directory, WAL journal with
 * synchronous=FULL, so a COMMIT that returned is on disk, and secure_delete. node:sqlite is
 * synchronous; an async mutex keeps one transaction at a time so statements
 * of concurrent requests never land inside each other's transaction.
 */
export const SQLITE_FILE = "site.sqlite";

// Longer waits would freeze the event loop: node:sqlite busy-waits synchronously.
const BUSY_TIMEOUT_MS = 1_000;

export function openSqlite(dataDir: string): Db {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(join(dir, SQLITE_FILE), { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  // secure_delete: a deleted row's bytes are zeroed in the file, not left in free space
  // (personal data deleted on request or by retention; wipe.ts truncates the log after).
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON;");
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  let queue: Promise<unknown> = Promise.resolve();

  function run<T extends Row>(sql: string, params: readonly SqlValue[]): T[] {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql.replace(/\$(\d+)/g, "?$1"));
      statements.set(sql, statement);
    }
    try {
      const values = params as SQLInputValue[];
      if (statement.columns().length > 0) return statement.all(...values) as T[];
      statement.run(...values);
      return [];
    } catch (error) {
      throw translate(error);
    }
  }

  /** Waits for the transaction in progress (if any), then runs `work` alone. */
  function exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  }

  const direct: Db = {
    backend: "sqlite",
    query: <T extends Row>(sql: string, params: readonly SqlValue[] = []) => Promise.resolve(run<T>(sql, params)),
    transaction: () => Promise.reject(new Error("nested transactions are not supported")),
    close: () => Promise.resolve(),
  };

  return {
    backend: "sqlite",
    query: (sql, params = []) => exclusive(() => run(sql, params)),
    transaction: (work) =>
      exclusive(async () => {
        try {
          db.exec("BEGIN IMMEDIATE");
        } catch (error) {
          throw translate(error);
        }
        try {
          const result = await work(direct);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec("ROLLBACK");
          throw translate(error);
        }
      }),
    close: () =>
      exclusive(() => {
        if (db.isOpen) db.close();
      }),
  };
}

/** Locked, read-only, full or broken: the store cannot take the write now. */
function translate(error: unknown): unknown {
  const code = (error as { errcode?: number }).errcode;
  // SQLITE_BUSY 5, LOCKED 6, NOMEM 7, READONLY 8, IOERR 10, CORRUPT 11, FULL 13, CANTOPEN 14 (primary codes).
  if (code !== undefined && [5, 6, 7, 8, 10, 11, 13, 14].includes(code & 0xff)) {
    return new StoreUnavailableError((error as Error).message, { cause: error });
  }
  return error;
}
