import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, CORPUS_BACKENDS, nextIp } from "../support/forms-server.ts";
import { HOSTILE_PATHS, HOSTILE_STRINGS } from "../support/hostile.ts";
import { inPool } from "../support/pool.ts";
import { FULL_RUN } from "../support/templates.ts";
import { rawExchange } from "../support/raw-http.ts";
import { freePort, startServer, stopServer } from "../support/server.ts";
import { addUser, call, signIn, startStudioServer, type StudioServer } from "../support/studio.ts";

/**
 * What an attacker tries: guessing passwords (throttled per login and address,
 * per address and, slowed down, per login; in the store), telling real logins from unknown ones by the answer
 * or its time, keeping a stolen session alive, and feeding every endpoint
 * hostile input. Plus STUDIO=off.
 */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe.each(BACKENDS)("sign-in throttling on %s", (backend) => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudioServer(backend, { STUDIO_SIGNIN_ACCOUNT_LIMIT: "3", STUDIO_SIGNIN_ADDRESS_LIMIT: "5", STUDIO_SIGNIN_WINDOW: "10m" });
    await addUser(server, "target", "editor", "Target's passphrase 1");
    await addUser(server, "bystander", "editor", "Bystander passphrase 1");
  });
  afterAll(() => server?.dispose());

  it("refuses a login from an address after its limit of failures there, with Retry-After and a Russian message; the owner elsewhere still signs in", async () => {
    const attacker = nextIp();
    for (let i = 0; i < 3; i++) {
      expect((await call(server, "POST", "/studio/api/session", { body: { login: "target", password: `guess number ${i}!` }, ip: attacker })).status).toBe(401);
    }
    // The attacker's address is refused for this login, even with the right password…
    const refused = await call(server, "POST", "/studio/api/session", { body: { login: "target", password: "Target's passphrase 1" }, ip: attacker });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await refused.json()).message).toMatch(/^Слишком много неудачных попыток входа\. Попробуйте снова через 10\u00a0минут\.$/);
    // …while the owner at their own address signs in: strangers cannot lock a staff login.
    await signIn(server, "target", "Target's passphrase 1", nextIp());
    // An unknown login is throttled the same way: the 429 does not tell which logins exist.
    const ghost = nextIp();
    for (let i = 0; i < 3; i++) await call(server, "POST", "/studio/api/session", { body: { login: "ghost", password: `guess number ${i}!` }, ip: ghost });
    expect((await call(server, "POST", "/studio/api/session", { body: { login: "ghost", password: "x".repeat(12) }, ip: ghost })).status).toBe(429);
    await signIn(server, "bystander", "Bystander passphrase 1");
    // Counted in the store, so every server shares it.
    const rows = await server.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM studio_sign_in_attempts WHERE scope = 'account' AND key = 'target'");
    expect(Number(rows[0]?.n)).toBe(3);
  });

  it("failures on one login from many addresses end in 429 for each of them, and slow further tries down", async () => {
    const addresses = Array.from({ length: 4 }, () => nextIp());
    for (const ip of addresses) {
      for (let i = 0; i < 3; i++) {
        const res = await call(server, "POST", "/studio/api/session", { body: { login: "crowded", password: `guess number ${i}!` }, ip });
        expect(res.status).toBe(401);
      }
      expect((await call(server, "POST", "/studio/api/session", { body: { login: "crowded", password: "another guess!" }, ip })).status).toBe(429);
    }
    // From 12 failures (3 × 4) from everywhere together, tries on the login from an address that has
    // failed on it are spaced 1, 2, 4… s apart: a new address has its one guess checked, then waits, a minute at most.
    const fresh = nextIp();
    expect((await call(server, "POST", "/studio/api/session", { body: { login: "crowded", password: "another guess!" }, ip: fresh })).status).toBe(401);
    const slowed = await call(server, "POST", "/studio/api/session", { body: { login: "crowded", password: "yet another guess!" }, ip: fresh });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("refuses an address after its limit of failures over any logins", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await call(server, "POST", "/studio/api/session", { body: { login: `spray${i}`, password: "Password spray 2026" }, ip })).status).toBe(401);
    }
    const refused = await call(server, "POST", "/studio/api/session", { body: { login: "bystander", password: "Bystander passphrase 1" }, ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await signIn(server, "bystander", "Bystander passphrase 1", nextIp());
  });

  it("throttles password confirmation in «Мой профиль» like a sign-in", async () => {
    await addUser(server, "stolen", "editor", "Stolen session pass 1");
    const cookie = await signIn(server, "stolen", "Stolen session pass 1");
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(server, "POST", "/studio/api/profile/password", { cookie, ip: nextIp(), body: { current: `guess ${i} of many`, password: "New passphrase 2026", confirm: "New passphrase 2026" } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});

describe("a spread-out attack does not keep the owner out", () => {
  let server: StudioServer;
  beforeAll(async () => {
    // The default limits (5 per login and address, 20 per address, 15 minutes).
    server = await startStudioServer("sqlite");
    await addUser(server, "owner", "admin", "Owner's own passphrase 1");
  });
  afterAll(() => server?.dispose());

  it("signs the owner in from a clean address every 5 s while strangers guess once a minute after 30 failures from 6 addresses", async () => {
    const signInAs = (password: string, ip: string) => call(server, "POST", "/studio/api/session", { body: { login: "owner", password }, ip });
    // Five failures from each of six addresses; past 20 the strangers wait out the spacing (the server's clock moved).
    for (let a = 0; a < 6; a++) {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        let res = await signInAs(`stranger ${a} guess ${i}`, ip);
        while (res.status === 429) {
          server.clock.advance(Number(res.headers.get("retry-after")) * 1000);
          res = await signInAs(`stranger ${a} guess ${i}`, ip);
        }
        expect(res.status).toBe(401);
      }
    }
    const owner = nextIp();
    const statuses: number[] = [];
    // 150 s of the server's time: a stranger's guess each minute, as soon as the spacing lets it
    // through, and the owner's correct password every 5 s from an address that never failed.
    for (let step = 0; step < 30; step++) {
      if (step % 12 === 0) expect([401, 429]).toContain((await signInAs(`stranger's guess at ${step}`, nextIp())).status);
      statuses.push((await signInAs("Owner's own passphrase 1", owner)).status);
      server.clock.advance(5_000);
    }
    const succeeded = statuses.filter((status) => status === 200).length;
    expect(succeeded / statuses.length, `statuses: ${statuses.join(" ")}`).toBeGreaterThanOrEqual(0.95);
  });
});

describe("no account enumeration by time", () => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudioServer("sqlite", { STUDIO_SIGNIN_ACCOUNT_LIMIT: "1000", STUDIO_SIGNIN_ADDRESS_LIMIT: "1000" });
    await addUser(server, "known", "editor", "Known user passphrase");
  });
  afterAll(() => server?.dispose());

  // The machine is shared (other test suites run beside this one), so one round can be skewed
  // by a neighbour's burst: up to three rounds of 31 interleaved pairs, and one within 20 % passes.
  // A real difference (no hash for unknown logins: ~60 ms against ~1 ms) fails every round.
  it("answers an unknown login and a wrong password in the same median time (within 20 %)", async () => {
    const time = async (login: string) => {
      const started = performance.now();
      const res = await call(server, "POST", "/studio/api/session", { body: { login, password: "wrong password 123" }, ip: nextIp() });
      await res.arrayBuffer();
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    await time("warmup");
    const differences: number[] = [];
    for (let round = 0; round < 3; round++) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 31; i++) {
        if (Math.random() < 0.5) {
          known.push(await time("known"));
          unknown.push(await time(`unknown${round}x${i}`));
        } else {
          unknown.push(await time(`unknown${round}x${i}`));
          known.push(await time("known"));
        }
      }
      const [a, b] = [median(known), median(unknown)];
      const difference = Math.abs(a - b) / Math.max(a, b);
      console.log(`sign-in refusal, median of 31: known login ${a.toFixed(1)} ms, unknown login ${b.toFixed(1)} ms (${(difference * 100).toFixed(1)} %)`);
      differences.push(difference);
      if (difference < 0.2) break;
    }
    expect(Math.min(...differences)).toBeLessThan(0.2);
  });
});

describe("sessions expire", () => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudioServer("sqlite", { STUDIO_SESSION_IDLE: "1500ms", STUDIO_SESSION_LIFETIME: "4s" });
    await addUser(server, "sleepy", "editor", "Sleepy user passphrase");
  });
  afterAll(() => server?.dispose());
  // The server's clock moves instead of the test waiting: idle 1.5 s, lifetime 4 s of its time.
  const pause = (ms: number) => server.clock.advance(ms);

  it("after the configured time without a request", async () => {
    const cookie = await signIn(server, "sleepy", "Sleepy user passphrase");
    pause(700);
    expect((await call(server, "GET", "/studio/api/session", { cookie })).status).toBe(200);
    pause(700);
    expect((await call(server, "GET", "/studio/api/session", { cookie })).status).toBe(200);
    pause(2_000);
    expect((await call(server, "GET", "/studio/api/session", { cookie })).status).toBe(401);
  });

  it("after the configured lifetime, however active", async () => {
    const cookie = await signIn(server, "sleepy", "Sleepy user passphrase");
    const started = server.clock.now();
    const statuses: number[] = [];
    while (server.clock.now() - started < 5_000) {
      statuses.push((await call(server, "GET", "/studio/api/session", { cookie })).status);
      pause(500);
    }
    expect(statuses[0]).toBe(200);
    // Active all along (a request every half second of its time), yet signed out after the lifetime.
    expect(statuses.slice(0, 7)).toEqual(Array(7).fill(200));
    expect(statuses.at(-1)).toBe(401);
  });
});

// Long fuzzing: in `npm run test:full`, on both stores (the content, inbox and URL corpora run per commit).
describe.skipIf(!FULL_RUN).each(CORPUS_BACKENDS)("hostile input against every studio endpoint on %s", (backend) => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudioServer(backend, { STUDIO_SIGNIN_ACCOUNT_LIMIT: "100000", STUDIO_SIGNIN_ADDRESS_LIMIT: "100000", BODY_LIMIT_BYTES: "200000" });
    await addUser(server, "fuzzadmin", "admin", "Fuzzing admin passphrase");
    await addUser(server, "fuzzvictim", "editor", "Fuzzing victim passphrase");
  });
  afterAll(() => server?.dispose());

  const STRINGS = [...HOSTILE_STRINGS, "\"><img src=x onerror=alert(1)>", "'; DROP TABLE studio_users; --", "${7*7}{{7*7}}", "constructor", "admin", "fuzzadmin"];
  // One of each kind in bodies (each such call may hash a password, ~60 ms): strings, then other types.
  const VALUES: unknown[] = [...STRINGS.filter((_, i) => i % 2 === 0), "\u0000", "ab\u0000cd", "admin", null, 0, 1e308, true, [], ["a"], {}, { $gt: "" }, { __proto__: { admin: true } }];
  const FIELDS = ["login", "password", "name", "role", "current", "confirm", "__proto__", "constructor"];

  it("never answers 5xx, and the studio still works afterwards", { timeout: 240_000 }, async () => {
    const admin = await signIn(server, "fuzzadmin", "Fuzzing admin passphrase");
    const endpoints: Array<[string, string]> = [
      ["POST", "/studio/api/session"],
      ["GET", "/studio/api/session"],
      ["DELETE", "/studio/api/session"],
      ["POST", "/studio/api/profile/password"],
      ["GET", "/studio/api/users"],
      ["POST", "/studio/api/users"],
      ["PATCH", "/studio/api/users/:login"],
      ["PUT", "/studio/api/users/:login/password"],
      ["DELETE", "/studio/api/users/:login"],
      ["GET", "/studio/api/audit"],
    ];
    const failures: string[] = [];
    const check = async (what: string, res: Promise<Response>) => {
      const answer = await res;
      await answer.arrayBuffer();
      if (answer.status >= 500) failures.push(`${answer.status} ${what}`);
    };
    // Built first, then sent four at a time: the answers, not the order, are what is checked.
    const tasks: Array<() => Promise<void>> = [];
    let sent = 0;
    for (const [method, template] of endpoints) {
      const cookies = method === "DELETE" && template === "/studio/api/session" ? [null] : [admin, null];
      for (const cookie of cookies) {
        // Hostile path parameters and queries.
        for (const value of STRINGS) {
          const path = template.replace(":login", encodeURIComponent(value) || "x");
          const query = `?actor=${encodeURIComponent(value)}&action=${encodeURIComponent(value)}&from=${encodeURIComponent(value)}&page=${encodeURIComponent(value)}`;
          // Removing the signed-in admin would end the run's session: only hostile logins are removed.
          if (method === "DELETE" && value === "fuzzadmin") continue;
          tasks.push(() => check(`${method} ${path}${query}`, call(server, method, path + query, { cookie, body: method === "GET" || method === "DELETE" ? undefined : {} })));
          sent++;
        }
        // Bodies are read only for a signed-in caller (else 401 first), so they go with the session.
        if (method === "GET" || method === "DELETE" || (cookie === null && template !== "/studio/api/session")) continue;
        // Hostile bodies: every field with every value, and broken JSON.
        const path = template.replace(":login", "fuzzvictim");
        for (const field of FIELDS) {
          for (const value of VALUES) {
            // The other fields valid-looking, the password never the admin's: the run must not change it.
            const body = `{"login":"fuzzvictim","password":"not the admin's password",${JSON.stringify(field)}:${JSON.stringify(value) ?? "null"}}`;
            tasks.push(() => check(`${method} ${path} ${body.slice(0, 80)}`, call(server, method, path, { cookie, rawBody: body })));
            sent++;
          }
        }
        for (const raw of ["", "{", "null", "\"text\"", "1", "[]", "{\"a\":".repeat(1000), "\u0000", JSON.stringify({ x: "y".repeat(190_000) })]) {
          tasks.push(() => check(`${method} ${path} raw ${raw.slice(0, 20)}`, call(server, method, path, { cookie, rawBody: raw })));
          sent++;
        }
      }
    }
    // Hostile addresses, raw, under /studio/ and /studio/api/.
    for (const hostile of HOSTILE_PATHS) {
      for (const prefix of ["/studio", "/studio/api", "/studio/assets"]) {
        const target = `${prefix}${hostile}`;
        tasks.push(async () => {
          try {
            const reply = await rawExchange(Number(new URL(server.baseUrl).port), `GET ${target} HTTP/1.1\r\nHost: x\r\nCookie: ${admin}\r\nConnection: close\r\n\r\n`);
            if (reply.status >= 500 || reply.status === 0) failures.push(`${reply.status} raw GET ${target.slice(0, 80)}`);
            for (const [name, value] of reply.headers) if (/[\0-\x1f\x7f]/.test(value)) failures.push(`control character in ${name} for ${target.slice(0, 80)}`);
          } catch (error) {
            failures.push(`no reply to ${target.slice(0, 80)}: ${(error as Error).message}`);
          }
        });
        sent++;
      }
    }
    await inPool(tasks, 4);
    console.log(`hostile corpus: ${sent} requests to the studio`);
    expect(failures).toEqual([]);
    expect((await call(server, "GET", "/studio/api/session", { cookie: admin })).status).toBe(200);
    const users = await server.db.query<{ login: string }>("SELECT login FROM studio_users");
    expect(users.map((u) => u.login)).toContain("fuzzadmin");
    expect(users.every((u) => /^[a-z0-9][a-z0-9._-]{1,31}$/.test(u.login))).toBe(true);
  });
});

describe("STUDIO=off", () => {
  it("answers /studio and everything under it like any unknown address (404)", async () => {
    const port = await freePort();
    const child = await startServer(port, { STUDIO: "off" });
    try {
      for (const path of ["/studio/", "/studio/sign-in/", "/studio/api/session", "/studio"]) {
        // The site's own rules apply (a slash is added first), then its 404 page.
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.headers.get("content-type"), path).toMatch(/text\/html/);
        expect(res.headers.get("content-security-policy"), path).toMatch(/style-src-attr/);
      }
      const post = await fetch(`http://127.0.0.1:${port}/studio/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(post.status).toBeLessThan(500);
      expect(post.headers.getSetCookie()).toEqual([]);
    } finally {
      await stopServer(child);
    }
  });
});
