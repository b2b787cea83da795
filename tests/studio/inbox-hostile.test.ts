import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_BACKENDS } from "../support/forms-server.ts";
import { HOSTILE_PATHS, HOSTILE_STRINGS } from "../support/hostile.ts";
import { submission } from "../support/inbox.ts";
import { rawExchange } from "../support/raw-http.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * Hostile input against every endpoint of the inbox and of personal-data
 * requests, signed in and not, on both stores: no 5xx, no header made of
 * input, nothing deleted that was not asked for, and the inbox still works.
 */
const STRINGS = [
  ...HOSTILE_STRINGS,
  "a\u0000b",
  "'; DROP TABLE submissions; --",
  "%",
  "_",
  "\\",
  "\u{10FFFF}",
  "\ud800",
  "=HYPERLINK(\"http://evil.example\")",
  "+7 (999) 000-00-00",
  "@",
  "2026-02-30",
  "9999-99-99",
  "-1",
  "1e9",
];
const VALUES: unknown[] = ["\u0000", "ab\u0000cd", "x".repeat(5_000), null, 0, -1, 1e308, true, [], ["a"], {}, { $gt: "" }, "+7 999 000-00-00", "a@b", "A@B.C"];
const FIELDS = ["status", "email", "phone", "confirm", "owner", "body", "ids", "stage", "stages", "__proto__"];
/** A lone surrogate cannot be encoded: it goes as the raw bytes a broken client would send. */
const enc = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
};

describe.each(CORPUS_BACKENDS)("hostile input against every inbox endpoint on %s", (backend) => {
  let server: StudioServer;
  const target = submission({ form: "job", email: "target@people.example", deliveries: [{ channel: "mail" }] });
  const keep = submission({ form: "project", email: "keep@client.example" });
  beforeAll(async () => {
    server = await startStudioServer(backend, { BODY_LIMIT_BYTES: "200000" });
    await addUser(server, "fuzz.admin", "admin", "Fuzzing the inbox passphrase");
    await server.store.insertSubmissions([target, keep]);
  });
  afterAll(() => server?.dispose());

  it("never answers 5xx, and the inbox holds what it held", { timeout: 300_000 }, async () => {
    const admin = await signIn(server, "fuzz.admin", "Fuzzing the inbox passphrase");
    const endpoints: Array<[string, string]> = [
      ["GET", "/studio/api/inbox"],
      ["GET", "/studio/api/inbox/export"],
      ["GET", "/studio/api/inbox/:id"],
      ["GET", "/studio/api/inbox/:id/file"],
      ["PUT", "/studio/api/inbox/:id/status"],
      ["POST", "/studio/api/inbox/:id/deliveries/:delivery/retry"],
      ["PUT", "/studio/api/inbox/:id/owner"],
      ["POST", "/studio/api/inbox/:id/comments"],
      ["POST", "/studio/api/inbox/bulk"],
      ["GET", "/studio/api/inbox/overview"],
      ["GET", "/studio/api/inbox/stages"],
      ["PUT", "/studio/api/inbox/stages/job"],
      ["POST", "/studio/api/personal-data/search"],
      ["POST", "/studio/api/personal-data/copy"],
      ["POST", "/studio/api/personal-data/delete"],
      ["GET", "/studio/api/personal-data/retention"],
    ];
    const failures: string[] = [];
    let sent = 0;
    const check = async (what: string, res: Promise<Response>) => {
      const answer = await res;
      await answer.arrayBuffer();
      sent++;
      if (answer.status >= 500) failures.push(`${answer.status} ${what}`);
      for (const [name, value] of answer.headers) if (/[\0-\x1f\x7f]/.test(value)) failures.push(`control character in ${name}: ${what}`);
    };
    for (const [method, template] of endpoints) {
      for (const cookie of [admin, null]) {
        for (const value of STRINGS) {
          const path = template.replace(":id", enc(value) || "x").replace(":delivery", enc(value) || "1");
          const query = ["kind", "status", "from", "to", "source", "utm", "q", "page", "owner", "sort"].map((name) => `${name}=${enc(value)}`).join("&");
          await check(`${method} ${path}?${query.slice(0, 60)}`, call(server, method, `${path}?${query}`, { cookie, body: method === "GET" ? undefined : {} }));
          // One filter at a time too: a bad one must not hide what another does with the value.
          if (template === "/studio/api/inbox" && cookie) {
            for (const name of ["q", "source", "utm", "from", "to", "kind", "status", "page", "owner", "sort"]) {
              await check(`GET inbox ${name}=${value.slice(0, 30)}`, call(server, "GET", `${template}?${name}=${enc(value)}`, { cookie }));
            }
          }
        }
        if (method === "GET" || cookie === null) continue;
        const path = template.replace(":id", target.id).replace(":delivery", "1");
        for (const field of FIELDS) {
          for (const value of VALUES) {
            // Never a real deletion of the target: its e-mail is not among the values.
            const body = `{"status":"done",${JSON.stringify(field)}:${JSON.stringify(value) ?? "null"}}`;
            await check(`${method} ${path} ${body.slice(0, 60)}`, call(server, method, path, { cookie, rawBody: body }));
          }
        }
        for (const raw of ["", "{", "null", "[]", "\"x\"", "{\"a\":".repeat(1000), "\u0000", JSON.stringify({ email: "y".repeat(190_000) })]) {
          await check(`${method} ${path} raw ${raw.slice(0, 20)}`, call(server, method, path, { cookie, rawBody: raw }));
        }
      }
    }
    for (const hostile of HOSTILE_PATHS) {
      for (const prefix of ["/studio/api/inbox", "/studio/api/inbox/export", `/studio/api/inbox/${target.id}`, "/studio/api/personal-data", "/studio/inbox"]) {
        const path = `${prefix}${hostile}`;
        try {
          const reply = await rawExchange(Number(new URL(server.baseUrl).port), `GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${admin}\r\nConnection: close\r\n\r\n`);
          sent++;
          if (reply.status >= 500 || reply.status === 0) failures.push(`${reply.status} raw GET ${path.slice(0, 80)}`);
        } catch (error) {
          failures.push(`no reply to ${path.slice(0, 80)}: ${(error as Error).message}`);
        }
      }
    }
    console.log(`hostile corpus: ${sent} requests to the inbox`);
    expect(failures).toEqual([]);
    expect((await server.store.submission(target.id))?.id).toBe(target.id);
    expect((await server.store.submission(keep.id))?.id).toBe(keep.id);
    const list = await call(server, "GET", "/studio/api/inbox", { cookie: admin });
    expect(((await list.json()) as { total: number }).total).toBe(2);
  });
});
