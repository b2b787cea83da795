import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import type { FormKind } from "#core/forms/kinds.ts";
import { pdf } from "../support/cv-files.ts";
import { type Fields, formData, type FormsServer, nextIp, startFormsServer, validProject, validRegistration, validSubscription } from "../support/forms-server.ts";

/**
 * The router takes a form's address in any case and percent-encoded; the guard
 * must stand in front of every spelling it takes, exactly as for the normal one.
 * The store is not what is tested here: one backend is enough.
 */
describe("the form guard on every spelling of a form's address", () => {
  let server: FormsServer;
  const FORGED = "6.6.6.6";

  beforeAll(async () => {
    server = await startFormsServer("sqlite");
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const position = () => content().positions[0]!.slug;
  const valid: Record<FormKind, () => Fields> = {
    project: () => validProject(),
    subscribe: () => validSubscription(),
    event: () => validRegistration(),
    job: () => ({
      id: crypto.randomUUID(),
      position: position(),
      name: "Иван Петров",
      email: "ivan@cv.example",
      phone: "+7 (903) 111-22-33",
      cv: new File([pdf(500) as BlobPart], "Резюме.pdf", { type: "application/pdf" }),
      consent: "yes",
      elapsed: "9000",
    }),
  };

  /** Upper-case, mixed-case and percent-encoded spellings of the JSON and the no-JavaScript addresses. */
  const spellings = (kind: FormKind) => [
    `/API/FORMS/${kind}/`,
    `/Api/Forms/${kind}/`,
    `/%61pi/forms/${kind}/`,
    `/api/%66orms/${kind}/`,
    `/FORMS/${kind}/`,
    `/%66orms/${kind}/`,
  ];
  const KINDS: FormKind[] = ["project", "job", "subscribe", "event"];

  function post(path: string, fields: Fields, headers: Record<string, string>) {
    return fetch(server.baseUrl + path, {
      method: "POST",
      redirect: "manual",
      headers: { Accept: "application/json", "X-Client-IP": FORGED, ...headers },
      body: formData(fields),
    });
  }

  it.each(KINDS)("refuses a cross-site %s post in every spelling, and keeps nothing", async (kind) => {
    for (const path of spellings(kind)) {
      const fields = valid[kind]();
      const res = await post(path, fields, { Origin: "https://evil.example", "X-Forwarded-For": nextIp() });
      expect(res.status, path).toBe(403);
      expect(await server.store.submission(String(fields.id)), path).toBeNull();
    }
  });

  it.each(KINDS)("stores a same-site %s post in any spelling with the address the server saw, never the forged one", async (kind) => {
    for (const path of spellings(kind)) {
      const fields = valid[kind]();
      const ip = nextIp();
      const res = await post(path, fields, { Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip });
      // The no-JavaScript address answers a post with a redirect to its result page.
      expect([200, 303], path).toContain(res.status);
      const stored = await server.store.submission(String(fields.id));
      expect(stored, path).not.toBeNull();
      expect(stored!.ip, path).toBe(ip);
      expect(stored!.consent.ip, path).toBe(ip);
    }
  });

  it("the confirmation link's post is guarded in every spelling too", async () => {
    for (const path of ["/SUB/CONFIRM/", "/Sub/Confirm/", "/%73ub/confirm/", "/sub/%63onfirm/"]) {
      const res = await fetch(server.baseUrl + path, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": nextIp() },
        body: new URLSearchParams({ token: "x" }),
      });
      expect(res.status, path).toBe(403);
    }
  });

  it("counts one address's posts across spellings: the limit applies to them all", async () => {
    // startFormsServer allows 5 posts per address per window.
    const ip = nextIp();
    const statuses: number[] = [];
    for (const path of ["/api/forms/subscribe/", "/API/forms/subscribe/", "/Api/Forms/subscribe/", "/%61pi/forms/subscribe/", "/api/%66orms/subscribe/", "/API/FORMS/subscribe/"]) {
      const res = await post(path, validSubscription(), { Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
