import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./server.ts";
import { eventually } from "./eventually.ts";

/**
 * A real PostgreSQL for the tests of the PostgreSQL backend. TEST_DATABASE_URL
 * names a server that is already running (CI starts Debian's cluster in
 * .ci/run); without it a throwaway cluster is created from Debian's
 * `postgresql` package on a free loopback port and removed afterwards.
 * Either way each test file gets databases of its own.
 */
export type Postgres = { adminUrl: string; stop(): Promise<void> };

function binDir(): string {
  if (process.env.TEST_POSTGRES_BIN) return process.env.TEST_POSTGRES_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => join(root, v, "bin")).find((dir) => existsSync(join(dir, "initdb")));
  if (!found) {
    throw new Error("PostgreSQL tests need a server: set TEST_DATABASE_URL, or install Debian's package (apt-get install -y postgresql)");
  }
  return found;
}

/** initdb and postgres refuse to run as root: run them as the package's `postgres` user then. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export async function waitForPostgres(url: string, timeoutMs = 30_000): Promise<void> {
  let last = "";
  await eventually(
    async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
      try {
        await client.connect();
        await client.query("SELECT 1");
        await client.end();
        return true;
      } catch (error) {
        await client.end().catch(() => undefined);
        last = (error as Error).message;
        return false;
      }
    },
    timeoutMs,
    `PostgreSQL at ${url}`,
    200,
  ).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}: ${last}`);
  });
}

export async function startPostgres(): Promise<Postgres> {
  if (process.env.TEST_DATABASE_URL) {
    await waitForPostgres(process.env.TEST_DATABASE_URL);
    return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => {} };
  }
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "site-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const [initdb, initArgs] = asOwner(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  const [postgres, args] = asOwner(join(bin, "postgres"), [
    "-D", data, "-p", String(port), "-k", dir,
    "-c", "listen_addresses=127.0.0.1", "-c", "shared_buffers=32MB", "-c", "max_connections=200",
  ]);
  const child = spawn(postgres, args, { stdio: "ignore", detached: false });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitForPostgres(adminUrl);
  return {
    adminUrl,
    async stop() {
      const [ctl, ctlArgs] = asOwner(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      try {
        execFileSync(ctl, ctlArgs, { stdio: "ignore" });
      } catch {
        child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the server; returns its URL. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
