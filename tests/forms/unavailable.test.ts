import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { BACKENDS, type FormsServer, eventually, postForm, startFormsServer, validProject } from "../support/forms-server.ts";
import { type TcpProxy, startTcpProxy } from "../support/tcp-proxy.ts";

/**
 * The store goes away while the server runs: PostgreSQL behind a relay the
 * test cuts; SQLite locked by another process (as a long maintenance command
 * would). Forms must answer 503 asking to retry, never 2xx, and work again
 * (with the same submission id) once the store is back.
 */
describe.each(BACKENDS)("store unavailable on %s", (backend) => {
  let server: FormsServer;
  let proxy: TcpProxy | undefined;
  let release: (() => void) | undefined;
  let locked: Promise<void> | undefined;

  beforeAll(async () => {
    if (backend === "postgres") {
      const admin = new URL(inject("postgresAdminUrl"));
      proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
    }
    server = await startFormsServer(backend, {
      databaseUrlForServer: (url) => {
        const u = new URL(url);
        u.port = String(proxy?.port);
        return u.href;
      },
    });
  });
  afterAll(async () => {
    release?.();
    await locked;
    await server?.dispose();
    await proxy?.close();
  });

  async function takeAway() {
    if (backend === "postgres") return proxy!.cut();
    let opened: () => void = () => {};
    const held = new Promise<void>((resolve) => (opened = resolve));
    locked = server.db.transaction(async () => {
      opened();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
  }

  async function giveBack() {
    if (backend === "postgres") return proxy!.restore();
    release?.();
    await locked;
  }

  it("answers 503 with Retry-After, stores nothing, then takes the same submission once the store is back", async () => {
    const fields = validProject();
    expect((await postForm(server, "project", validProject())).status).toBe(200);
    await takeAway();
    try {
      for (let i = 0; i < 3; i++) {
        const res = await postForm(server, "project", fields);
        expect(res.status).toBe(503);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ ok: false, message: M.form.unavailable });
      }
      const page = await postForm(server, "project", { ...fields, id: crypto.randomUUID() }, { endpoint: "page" });
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain(M.form.unavailable);
      expect(html).toContain('value="Анна Смирнова"');
      expect(html).toContain("Нужна сквозная аналитика");
      // Pages do not depend on the store.
      expect((await fetch(`${server.baseUrl}/contacts/`)).status).toBe(200);
    } finally {
      await giveBack();
    }
    expect(await server.store.submission(String(fields.id))).toBeNull();
    const retried = await postForm(server, "project", fields);
    expect(retried.status).toBe(200);
    const answer = await retried.json();
    expect(answer).toEqual({ ok: true, id: fields.id, form: "project", number: expect.any(Number) });
    expect((await server.store.submission(String(fields.id)))?.number).toBe(answer.number);
  });
});

describe("PostgreSQL down when the server starts", () => {
  it("serves pages, answers forms 503, and migrates and takes forms once the database is back", async () => {
    const admin = new URL(inject("postgresAdminUrl"));
    const relay = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
    await relay.cut();
    const server = await startFormsServer("postgres", {
      databaseUrlForServer: (url) => {
        const u = new URL(url);
        u.port = String(relay.port);
        return u.href;
      },
    });
    try {
      expect((await fetch(`${server.baseUrl}/services/`)).status).toBe(200);
      expect((await postForm(server, "project", validProject())).status).toBe(503);
      await relay.restore();
      const fields = validProject();
      const status = await eventually(async () => {
        const res = await postForm(server, "project", fields);
        return res.status === 200 ? res.status : undefined;
      }, 30_000, "forms to work after the database came back");
      expect(status).toBe(200);
      expect(await server.store.submission(String(fields.id))).not.toBeNull();
    } finally {
      await server.dispose();
      await relay.close();
    }
  });
});
