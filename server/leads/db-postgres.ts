import pg from "pg";
import { redactedMessage } from "../redact.ts";
import type { Db, Row, SqlValue } from "./db.ts";
import { StoreUnavailableError } from "./db.ts";

/**
 * PostgreSQL through a small pool. A COMMIT that returned is durable
 * (synchronous_commit is on by default). Connection failures become
 * StoreUnavailableError quickly, so a visitor gets 503 rather than a hang.
 */
const CONNECT_TIMEOUT_MS = 5_000;

// int8 columns (times in ms, ids) as numbers: they stay far below 2^53.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    types,
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => console.error(JSON.stringify({ level: "error", message: "postgres pool", error: redactedMessage(error) })));

  async function run<T extends Row>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly SqlValue[]): Promise<T[]> {
    try {
      const values = params.map((v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v));
      const result = await client.query<T>(sql, values);
      return result.rows;
    } catch (error) {
      throw translate(error);
    }
  }

  return {
    backend: "postgres",
    query: (sql, params = []) => run(pool, sql, params),
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
      let broken: Error | undefined;
      // A checked-out client losing its connection emits 'error'; unheard, it would end the process.
      const onError = (error: Error) => (broken = error);
      client.on("error", onError);
      const tx: Db = {
        backend: "postgres",
        query: (sql, params = []) => run(client, sql, params),
        transaction: () => Promise.reject(new Error("nested transactions are not supported")),
        close: () => Promise.resolve(),
      };
      try {
        await run(client, "BEGIN", []);
        const result = await work(tx);
        await run(client, "COMMIT", []);
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw translate(error);
      } finally {
        client.off("error", onError);
        client.release(broken);
      }
    },
    async maintain(statements, lockTimeoutMs) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
      const onError = () => undefined;
      client.on("error", onError);
      try {
        await run(client, "SET statement_timeout = 0", []);
        await run(client, `SET lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`, []);
        for (const sql of statements) await run(client, sql, []);
      } finally {
        client.off("error", onError);
        // Closed rather than returned: the pool's connections keep their statement timeout.
        client.release(true);
      }
    },
    close: () => pool.end(),
  };
}

/** Connection-level failures (refused, dropped, server shutting down, no slots). */
function translate(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const connectionLevel =
    (typeof code === "string" && (/^(08|53|57P)/.test(code) || /^E(CONNREFUSED|CONNRESET|HOSTUNREACH|NOTFOUND|PIPE|TIMEDOUT)$/.test(code))) ||
    /connection terminated|timeout exceeded when trying to connect|Connection terminated/i.test(message ?? "");
  return connectionLevel ? new StoreUnavailableError(message ?? "database unavailable", { cause: error }) : error;
}
