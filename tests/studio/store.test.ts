import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Db } from "../../server/leads/db.ts";
import { migrate } from "../../server/leads/migrations.ts";
import { openPostgres } from "../../server/leads/db-postgres.ts";
import { openSqlite } from "../../server/leads/db-sqlite.ts";
import { AUDIT_PAGE_SIZE, createAuditLog } from "../../server/studio/audit.ts";
import { createSessionStore, hashSessionId } from "../../server/studio/sessions.ts";
import { createThrottle } from "../../server/studio/throttle.ts";
import { createUserStore, UserError } from "../../server/studio/users.ts";
import { BACKENDS } from "../support/forms-server.ts";
import { createDatabase } from "../support/postgres.ts";

/** The studio's stores, the same tests on both backends (the PostgreSQL one on TEST_DATABASE_URL or a throwaway cluster). */
describe.each(BACKENDS)("studio store on %s", (backend) => {
  let db: Db;
  let cleanup = async () => {};
  const limits = { idleMs: 30 * 60_000, lifetimeMs: 12 * 3_600_000 };

  beforeAll(async () => {
    if (backend === "sqlite") {
      const dir = mkdtempSync(join(tmpdir(), "studio-store-"));
      db = openSqlite(dir);
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const database = await createDatabase(inject("postgresAdminUrl"), "studio");
      db = openPostgres(database.url);
      cleanup = database.drop;
    }
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  const stores = () => {
    const audit = createAuditLog(db);
    const sessions = createSessionStore(db, limits);
    return { audit, sessions, users: createUserStore(db, audit, sessions) };
  };
  const by = { actor: null, ip: "192.0.2.1", via: "console" as const };

  it("keeps users with one audit entry per change, and at least one admin", async () => {
    const { users, audit } = stores();
    await users.create({ login: "root", name: "Корень", role: "admin", passwordHash: "x" }, by);
    await expect(users.create({ login: "root", name: "Другой", role: "editor", passwordHash: "x" }, by)).rejects.toEqual(new UserError("exists"));
    await expect(users.setRole("root", "editor", by)).rejects.toMatchObject({ code: "last-admin" });
    await expect(users.remove("root", null, by)).rejects.toMatchObject({ code: "last-admin" });
    await users.create({ login: "second", name: "Второй", role: "admin", passwordHash: "x" }, by);
    await users.setRole("root", "editor", by);
    await expect(users.setRole("second", "editor", by)).rejects.toMatchObject({ code: "last-admin" });
    const { entries } = await audit.list({ actor: undefined, action: "user.role" });
    expect(entries.map((e) => [e.target, e.details])).toEqual([["root", { from: "admin", to: "editor", via: "console" }]]);
  });

  it("stores only the hash of a session id, and ends sessions on idleness, lifetime, password change and removal", async () => {
    const { users, sessions } = stores();
    const user = await users.create({ login: "sess", name: "Сессия", role: "editor", passwordHash: "x" }, by);
    const t0 = 1_800_000_000_000;
    const id = await sessions.create(user.id, "192.0.2.1", t0);
    const rows = await db.query<{ id_hash: string }>("SELECT id_hash FROM studio_sessions WHERE user_id = $1", [user.id]);
    expect(rows.map((r) => r.id_hash)).toEqual([hashSessionId(id)]);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect((await sessions.find(id, t0 + 29 * 60_000))?.user.login).toBe("sess");
    // Active every 29 minutes it lives on, until its lifetime is over.
    let t = t0 + 29 * 60_000;
    while (t + 29 * 60_000 < t0 + limits.lifetimeMs) {
      t += 29 * 60_000;
      expect(await sessions.find(id, t)).not.toBeNull();
    }
    expect(await sessions.find(id, t0 + limits.lifetimeMs + 1)).toBeNull();
    const idle = await sessions.create(user.id, "192.0.2.1", t0);
    expect(await sessions.find(idle, t0 + limits.idleMs + 1)).toBeNull();
    const a = await sessions.create(user.id, "192.0.2.1");
    const b = await sessions.create(user.id, "192.0.2.2");
    await users.setPassword("sess", "y", by, true);
    expect(await sessions.find(a)).toBeNull();
    expect(await sessions.find(b)).toBeNull();
    const c = await sessions.create(user.id, "192.0.2.1");
    await users.remove("sess", null, by);
    expect(await sessions.find(c)).toBeNull();
  });

  it("throttles per login and address and per address within the window, spaces out tries on a login from many addresses, and forgets a pair's failures on success", async () => {
    const throttle = createThrottle(db, { accountLimit: 3, addressLimit: 5, windowMs: 60_000 });
    const t0 = 1_900_000_000_000;
    // Three failures on a login from one address: that address waits out the window for it…
    for (let i = 0; i < 3; i++) expect((await throttle.begin("victim", "198.51.100.1", t0 + i * 1000)).allowed).toBe(true);
    expect(await throttle.begin("victim", "198.51.100.1", t0 + 5_000)).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect((await throttle.begin("victim", "198.51.100.1", t0 + 60_001)).allowed).toBe(true);
    // …while the owner at another address is not locked out.
    expect((await throttle.begin("victim", "198.51.100.2", t0 + 5_000)).allowed).toBe(true);
    // Per address: five logins from one address, the sixth refused.
    for (let i = 0; i < 5; i++) expect((await throttle.begin(`login${i}`, "203.0.113.7", t0 + i)).allowed).toBe(true);
    expect((await throttle.begin("another", "203.0.113.7", t0 + 10)).allowed).toBe(false);
    // A guess from each of many addresses: from 3 × 4 failures on, further tries from those
    // addresses are spaced 1, 2, 4… s apart…
    const t1 = t0 + 200_000;
    for (let i = 0; i < 12; i++) expect((await throttle.begin("spread", `192.0.2.${i}`, t1 + i)).allowed).toBe(true);
    expect(await throttle.begin("spread", "192.0.2.0", t1 + 12)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await throttle.begin("spread", "192.0.2.0", t1 + 11 + 1000)).allowed).toBe(true);
    expect(await throttle.begin("spread", "192.0.2.1", t1 + 11 + 1500)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect((await throttle.begin("spread", "192.0.2.1", t1 + 11 + 1000 + 2000)).allowed).toBe(true);
    // …while an address with no failure of its own on the login is never made to wait (the owner).
    expect((await throttle.begin("spread", "192.0.2.100", t1 + 11 + 1000 + 2001)).allowed).toBe(true);
    // Never more than a minute apart, however many failures: a wait, not a lockout.
    for (let i = 0; i < 20; i++) await db.query("INSERT INTO studio_sign_in_attempts (scope, key, at) VALUES ('account', 'spread', $1)", [t1 + 4000 + i]);
    const spaced = await throttle.begin("spread", "192.0.2.2", t1 + 4020);
    expect(spaced.allowed ? 0 : spaced.retryAfterSeconds).toBe(60);
    expect((await throttle.begin("spread", "192.0.2.101", t1 + 4020)).allowed).toBe(true);
    // A success takes its attempt back and clears the login's failures from that address.
    const ok = await throttle.begin("lucky", "203.0.113.8", t0);
    await throttle.begin("lucky", "203.0.113.8", t0 + 1);
    if (!ok.allowed) throw new Error("unexpected");
    await throttle.succeeded(ok.attempt);
    const [row] = await db.query<{ n: number }>("SELECT COUNT(*) AS n FROM studio_sign_in_attempts WHERE scope = 'pair' AND key = $1", ["lucky\n203.0.113.8"]);
    expect(Number(row?.n)).toBe(0);
  });

  it("lists the audit log newest first, filtered and paged, and refuses to change or delete an entry", async () => {
    const { audit } = stores();
    const t0 = 2_000_000_000_000;
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await audit.write({ action: i % 2 ? "session.sign-in" : "session.sign-out", actor: { id: 1, login: "pager" }, target: "pager", ip: "192.0.2.9", at: t0 + i * 1000 });
    }
    const first = await audit.list({ actor: "pager" }, 1);
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 5);
    expect(first.pages).toBe(2);
    expect(first.entries[0]?.at).toBe(t0 + (AUDIT_PAGE_SIZE + 4) * 1000);
    expect((await audit.list({ actor: "pager" }, 2)).entries).toHaveLength(5);
    expect((await audit.list({ actor: "pager" }, 99)).page).toBe(2);
    expect((await audit.list({ actor: "pager", action: "session.sign-in" })).total).toBe(27);
    expect((await audit.list({ actor: "pager", from: t0 + 10_000, to: t0 + 20_000 })).total).toBe(10);
    await expect(db.query("UPDATE studio_audit SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.query("DELETE FROM studio_audit")).rejects.toThrow(/append-only/);
  });
});
