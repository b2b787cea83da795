import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { type FormsServer, nextIp, postForm, startFormsServer, validProject } from "../support/forms-server.ts";
import { parseReply, type RawReply } from "../support/raw-http.ts";

/**
 * How a form's body is taken in (server/leads/guard.ts, form-body.ts): a stranger's
 * body cannot hold the server's main thread, and bodies still on their way hold no
 * turn of the forms' queue, so slow uploads never make anyone else wait.
 */
let server: FormsServer;
let port: number;
beforeAll(async () => {
  server = await startFormsServer("sqlite");
  port = Number(new URL(server.baseUrl).port);
  // The first run on this origin makes its release.
}, 180_000);
afterAll(() => server?.dispose());

/**
 * A second connection asks for /healthz back to back while `during` runs: the longest
 * answer is how long the server's event loop was held (a loopback round trip is ~1 ms).
 */
async function longestStall(during: () => Promise<unknown>): Promise<number> {
  let running = true;
  let longest = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer();
      longest = Math.max(longest, performance.now() - started);
    }
  })();
  // The probe's connection is open and warm before the hostile body goes out.
  await fetch(`${server.baseUrl}/healthz`);
  try {
    await during();
  } finally {
    running = false;
    await probe;
  }
  return longest;
}

/**
 * User CPU time the process has used, all threads (Linux, 10 ms ticks): the JavaScript and the
 * HTTP parser, what the event loop runs. The kernel's copying of the bytes off the socket
 * (about 14 ms a post here, in 64 KB reads) is left out.
 */
function userCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) * 10;
}

/** A same-site post of `body` by node:http (fetch costs the test's own event loop more, and the probe shares it). */
function postRaw(path: string, type: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method: "POST", path, headers: { "Content-Type": type, "Content-Length": body.length, "X-Forwarded-For": nextIp(), Origin: server.baseUrl } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** 80,000 empty file parts in under 6 MB: what `request.formData()` took seconds of the main thread to build. */
function emptyParts(count = 80_000): Buffer {
  const part = '--b\r\nContent-Disposition: form-data; name="cv"; filename=""\r\n\r\n\r\n';
  return Buffer.from(part.repeat(count) + "--b--\r\n");
}

describe("a hostile form body", () => {
  it("is refused before anything is built from it, costing the server under 100 ms of CPU a post", async () => {
    const body = emptyParts();
    expect(body.length).toBeLessThan(6 * 1024 * 1024);
    const answers: number[] = [];
    const pid = server.child.pid as number;
    answers.push(await postRaw("/api/forms/job/", "multipart/form-data; boundary=b", body));
    const before = userCpuMs(pid);
    for (let i = 0; i < 5; i++) answers.push(await postRaw("/api/forms/job/", "multipart/form-data; boundary=b", body));
    const perPost = (userCpuMs(pid) - before) / 5;
    // Each round: the longest probe while three posts arrive, and the same probe over a window as
    // long with no post (what the host's own load costs it now). A longest wait is one sample, so
    // one scheduling hiccup of a shared host decides it; the better of two rounds is kept, which a
    // real stall (seconds a post) fails in both.
    const rounds: Array<{ stall: number; quiet: number }> = [];
    for (let round = 0; round < 2; round++) {
      const started = performance.now();
      const stall = await longestStall(async () => {
        for (let i = 0; i < 3; i++) answers.push(await postRaw("/api/forms/job/", "multipart/form-data; boundary=b", body));
      });
      const span = performance.now() - started;
      const quiet = await longestStall(() => new Promise((resolve) => setTimeout(resolve, span)));
      rounds.push({ stall, quiet });
    }
    const { stall, quiet } = rounds.reduce((a, b) => (b.stall - b.quiet < a.stall - a.quiet ? b : a));
    expect(answers).toEqual(Array(12).fill(400));
    // The server's CPU time bounds how long any one of its tasks held the event loop (about
    // 26 ms a post in all, in many small tasks); the
    // parts alone took 0.7–2 s of it on `request.formData()` (issue 53).
    // 26 ms on a quiet host, 52 seen beside the browser lane at load 7: bounded at 100, far below what it guards.
    expect(perPost).toBeLessThan(100);
    // What a visitor meanwhile sees, beyond what the host's load costs the same probe in a window
    // without posts (a busy shared machine stretches both: 484 ms seen at load 10): far from the
    // seconds the parts used to take.
    expect(stall - quiet, `longest probe ${Math.round(stall)} ms with the posts, ${Math.round(quiet)} ms without`).toBeLessThan(300);
  });

  it("cannot slip parts past the check with a second boundary: refused, costing under 50 ms of CPU", async () => {
    // The guard used to check with the last boundary of 70 characters or fewer (BBB, the A-parts a
    // preamble), the action to parse with the first (45,000 empty file parts).
    const a = "A".repeat(71);
    const type = `multipart/form-data; boundary=${a}; boundary=BBB`;
    const part = `--${a}\r\nContent-Disposition: form-data; name="cv"; filename=""\r\n\r\n\r\n`;
    const body = Buffer.from(`${part.repeat(45_000)}--BBB\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--BBB--\r\n--${a}--\r\n`);
    expect(body.length).toBeLessThan(6 * 1024 * 1024);
    const pid = server.child.pid as number;
    const answers = [await postRaw("/api/forms/job/", type, body)];
    const before = userCpuMs(pid);
    for (let i = 0; i < 3; i++) answers.push(await postRaw("/api/forms/job/", type, body));
    const perPost = (userCpuMs(pid) - before) / 3;
    expect(answers).toEqual(Array(4).fill(400));
    // 26 ms on a quiet host, 52 seen beside the browser lane at load 7: bounded at 100, far below what it guards.
    expect(perPost).toBeLessThan(100);
  });

  it("answers 400 in Russian for a part the form does not have", async () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(validProject())) data.append(name, String(value));
    data.append("isAdmin", "1");
    const res = await postForm(server, "project", {}, { ip: nextIp(), body: data });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, message: M.form.malformed });
  });
});

/** An upload of `bytes` that sends its headers, then 1 KB a second, as the slow CV in issue 53 did. */
function slowUpload(ip: string, bytes = 1_000_000) {
  const socket = connect(port, "127.0.0.1");
  let received = Buffer.alloc(0);
  let drip: NodeJS.Timeout | undefined;
  const opened = performance.now();
  const sent = new Promise<void>((resolve) =>
    socket.write(
      `POST /api/forms/job/ HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${ip}\r\nAccept: application/json\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n`,
      () => resolve(),
    ),
  );
  drip = setInterval(() => socket.writable && socket.write(Buffer.alloc(1024, "a")), 1_000);
  const answer = new Promise<RawReply & { afterMs: number }>((resolve) => {
    const done = () => {
      clearInterval(drip);
      drip = undefined;
      resolve({ ...parseReply(received), afterMs: performance.now() - opened });
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const reply = parseReply(received);
      // A whole answer is in: the server keeps reading (and dropping) the rest for a while, the test need not.
      if (reply.status && reply.body.length >= Number(reply.header("content-length") ?? Infinity)) {
        done();
        socket.destroy();
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => drip && done());
  });
  return { sent, answer, close: () => socket.destroy() };
}

describe("slow uploads", () => {
  it("hold no turn: an honest form is answered within a second while they trickle, and they are cut with 408", async () => {
    const uploads = Array.from({ length: 6 }, () => slowUpload(nextIp()));
    try {
      await Promise.all(uploads.map((u) => u.sent));
      const started = performance.now();
      const honest = await postForm(server, "project", validProject(), { ip: nextIp() });
      const took = performance.now() - started;
      expect(honest.status).toBe(200);
      expect(took).toBeLessThan(1_000);
      for (const reply of await Promise.all(uploads.map((u) => u.answer))) {
        // Slower than the minimum rate: cut once the grace period is over, not at the 30 s request timeout.
        expect(reply.status).toBe(408);
        expect(reply.header("connection")).toBe("close");
        expect(JSON.parse(reply.body.toString("utf8"))).toEqual({ ok: false, message: M.form.tooSlow });
        expect(reply.afterMs).toBeLessThan(10_000);
      }
    } finally {
      for (const upload of uploads) upload.close();
    }
  });

  it("take one at a time from an address: a second upload alongside is turned away at once", async () => {
    const ip = nextIp();
    const first = slowUpload(ip);
    try {
      await first.sent;
      // Sent after the first's headers: the server has them by the time this one arrives.
      const second = slowUpload(ip);
      const reply = await second.answer;
      expect(reply.status).toBe(429);
      expect(Number(reply.header("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(reply.body.toString("utf8"))).toEqual({ ok: false, message: M.form.busy });
      expect(reply.afterMs).toBeLessThan(1_000);
    } finally {
      first.close();
    }
  });
});

describe("a confirmation post that is no form", () => {
  it("answers 415 for a type that only starts like a form's, never 500", async () => {
    expect(await postRaw("/sub/confirm/", "application/x-www-form-urlencodedX", Buffer.from("token=abc"))).toBe(415);
  });

  it("answers 400 when its parts cannot be read, never 500", async () => {
    // A header line without a colon: the one reader of multipart bodies (server/web/multipart.ts) refuses it.
    const body = Buffer.from('--b\r\nContent-Disposition: form-data; name="token"\r\nJunk\r\n\r\nabc\r\n--b--\r\n');
    expect(await postRaw("/sub/confirm/", "multipart/form-data; boundary=b", body)).toBe(400);
  });
});
