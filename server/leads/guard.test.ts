import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { clientIp } from "../rate-limit.ts";
import { createFormGuard, FORM_BODY_LIMIT, JOB_BODY_LIMIT, routedPath } from "./guard.ts";

const ORIGIN = "https://site.example";

function request(headers: Record<string, string>, method = "POST", remote = "192.0.2.1", body = "") {
  // `complete`: no body is left to drain, so a refusal ends the response at once.
  const stream = Readable.from(body ? [Buffer.from(body)] : []);
  return Object.assign(stream, { method, headers, complete: true, socket: { remoteAddress: remote, destroyed: false } }) as unknown as IncomingMessage;
}

/** The guard let the post through, with its body. */
const admitted = (answer: unknown) => typeof answer === "object" && answer !== null && Buffer.isBuffer((answer as { body: unknown }).body);

function response() {
  const res = {
    statusCode: 200,
    headers: {} as Record<string, string>,
    body: "",
    setHeader(name: string, value: string) {
      res.headers[name.toLowerCase()] = value;
    },
    end(body?: string | Buffer) {
      res.body = body === undefined ? "" : body.toString();
    },
    onClose: [] as Array<() => void>,
    once(_event: string, listener: () => void) {
      res.onClose.push(listener);
    },
  };
  return res as typeof res & ServerResponse;
}

const form = { "content-type": "application/x-www-form-urlencoded", "content-length": "100", origin: ORIGIN };

describe("createFormGuard", () => {
  const guard = () => createFormGuard({ origin: ORIGIN, rateLimit: { limit: 2, windowMs: 60_000 }, trustedProxyHops: 0 });

  it("lets same-site form posts through", async () => {
    const req = request({ ...form, "sec-fetch-site": "same-origin" });
    expect(admitted(await guard()(req, response(), "/api/forms/project/"))).toBe(true);
  });

  it("answers for every spelling of a form's address the router takes, and for nothing else", async () => {
    const g = guard();
    const spellings = [
      "/API/forms/subscribe/",
      "/Api/Forms/subscribe/",
      "/%61pi/forms/subscribe/",
      "/%41PI/%66orms/%73ubscribe/",
      "/api/forms/./subscribe/",
      "/x/../api/forms/subscribe/",
      "/api\\forms\\subscribe/",
      "/FORMS/PROJECT.data",
      "/Sub/Confirm/",
      "/sub%2Fconfirm/",
    ];
    for (const path of spellings) {
      expect(g.owns(request(form), path), path).toBe(true);
      const res = response();
      expect(await g(request({ ...form, origin: "https://evil.example" }), res, path), path).toBe(true);
      expect(res.statusCode, path).toBe(403);
    }
    for (const path of ["/", "/services/", "/formsx/", "/api/formula/"]) expect(g.owns(request(form), path), path).toBe(false);
    expect(g.owns(request(form, "GET"), "/API/forms/subscribe/")).toBe(false);
  });

  it("counts posts per address across spellings", async () => {
    const g = guard();
    const statuses: number[] = [];
    for (const path of ["/api/forms/subscribe/", "/API/FORMS/subscribe/", "/%61pi/forms/subscribe/"]) {
      const res = response();
      await g(request({ ...form, "sec-fetch-site": "same-origin" }), res, path);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("routedPath folds case, decodes and normalises as the URL parser does", () => {
    expect(routedPath("/%61pi/Forms//x/../job.data")).toBe("/api/forms/job.data");
    expect(routedPath("/%ZZ/")).toBe("/%zz/");
  });

  it("never looks at GET, nor at posts elsewhere", async () => {
    expect(await guard()(request({}, "GET"), response(), "/forms/project/")).toBe(false);
    expect(await guard()(request({ "content-type": "application/csp-report" }), response(), "/csp-report/")).toBe(false);
  });

  it("covers the data variants of the forms' addresses", async () => {
    for (const path of ["/forms/project/_.data", "/forms/project.data", "/sub/confirm.data", "/api/forms/job/"]) {
      const res = response();
      expect(await guard()(request({ ...form, "sec-fetch-site": "cross-site" }), res, path), path).toBe(true);
      expect(res.statusCode).toBe(403);
    }
  });

  it.each([
    [{ ...form, "sec-fetch-site": "cross-site" }, 403],
    [{ ...form, "sec-fetch-site": "same-site" }, 403],
    [{ ...form, origin: "https://evil.example" }, 403],
    [{ ...form, origin: "null" }, 403],
    [{ ...form, "content-type": "application/json" }, 415],
    [{ ...form, "content-type": "multipart/form-data" }, 415],
    [{ ...form, "content-length": String(FORM_BODY_LIMIT + 1) }, 413],
    [{ "content-type": form["content-type"], origin: ORIGIN }, 411],
  ])("refuses %j with %i", async (headers, status) => {
    const res = response();
    expect(await guard()(request(headers), res, "/api/forms/project/")).toBe(true);
    expect(res.statusCode).toBe(status);
    expect(res.body).toMatch(/[а-я]/i);
  });

  it("allows a CV-sized body only where CVs are sent", async () => {
    const headers = { ...form, "content-type": "multipart/form-data; boundary=x", "content-length": String(JOB_BODY_LIMIT) };
    const body = multipart([["cv", "x".repeat(FORM_BODY_LIMIT), "cv.pdf"]]);
    expect(admitted(await guard()(request(headers, "POST", "192.0.2.1", body), response(), "/api/forms/job/"))).toBe(true);
    expect(admitted(await guard()(request(headers, "POST", "192.0.2.1", body), response(), "/forms/job/"))).toBe(true);
    const res = response();
    expect(await guard()(request(headers), res, "/api/forms/project/")).toBe(true);
    expect(res.statusCode).toBe(413);
  });

  it("answers 429 with Retry-After past the limit, in JSON when asked", async () => {
    const g = guard();
    await g(request(form), response(), "/forms/project/");
    await g(request(form), response(), "/forms/project/");
    const res = response();
    expect(await g(request({ ...form, accept: "application/json" }), res, "/forms/project/")).toBe(true);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false });
  });
});

/**
 * Every promise job pending now has run: a post the queue admits is answered in promise jobs
 * alone (server/leads/guard.ts), so one still unanswered after this is waiting its turn.
 */
const promisesSettled = () => new Promise((resolve) => setImmediate(resolve));

describe("the queue of posts", () => {
  const queued = () =>
    createFormGuard({ origin: ORIGIN, rateLimit: { limit: 100, windowMs: 60_000 }, trustedProxyHops: 0, queue: { concurrency: 2, maxWaitMs: 50 } });

  it("handles a few at a time, the next when one finishes, and turns away one that waited too long", async () => {
    // The queue's longest wait passes on the test's clock, not the wall's.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const g = queued();
      const first = response();
      expect(admitted(await g(request(form), first, "/forms/project/"))).toBe(true);
      expect(admitted(await g(request(form), response(), "/forms/project/"))).toBe(true);
      let third: boolean | undefined;
      const waiting = g(request(form), response(), "/forms/project/").then((answer) => (third = admitted(answer)));
      await promisesSettled();
      expect(third).toBeUndefined();
      first.onClose.forEach((close) => close());
      await waiting;
      expect(third).toBe(true);
      const late = response();
      const answered = g(request(form), late, "/forms/project/");
      await vi.advanceTimersByTimeAsync(50);
      expect(await answered).toBe(true);
      expect(late.statusCode).toBe(503);
      expect(late.headers["retry-after"]).toBe("10");
    } finally {
      vi.useRealTimers();
    }
  });

  const cv = multipart([["cv", "x".repeat(FORM_BODY_LIMIT), "cv.pdf"]]);
  const big = { ...form, "content-type": "multipart/form-data; boundary=x", "content-length": String(cv.length) };

  it("gives posts with a CV a queue of their own: small forms never wait behind one", async () => {
    const g = queued();
    const upload = response();
    expect(admitted(await g(request(big, "POST", "192.0.2.1", cv), upload, "/forms/job/"))).toBe(true);
    let second: boolean | undefined;
    const pending = g(request(big, "POST", "192.0.2.2", cv), response(), "/forms/job/").then((answer) => (second = admitted(answer)));
    // Small posts go through while the upload is handled and the next one waits.
    expect(admitted(await g(request(form), response(), "/forms/project/"))).toBe(true);
    expect(admitted(await g(request(form), response(), "/forms/project/"))).toBe(true);
    await promisesSettled();
    expect(second).toBeUndefined();
    upload.onClose.forEach((close) => close());
    await pending;
    expect(second).toBe(true);
  });

  it("takes one post with a CV per address at a time", async () => {
    const g = queued();
    expect(admitted(await g(request(big, "POST", "192.0.2.1", cv), response(), "/forms/job/"))).toBe(true);
    const res = response();
    expect(await g(request(big, "POST", "192.0.2.1", cv), res, "/forms/job/")).toBe(true);
    expect(res.statusCode).toBe(429);
  });
});

describe("the body of a post", () => {
  const g = () => createFormGuard({ origin: ORIGIN, rateLimit: { limit: 100, windowMs: 60_000 }, trustedProxyHops: 0 });
  const post = async (path: string, type: string, body: string) => {
    const res = response();
    const answer = await g()(request({ ...form, "content-type": type, "content-length": String(Buffer.byteLength(body)) }, "POST", "192.0.2.1", body), res, path);
    return admitted(answer) ? 200 : res.statusCode;
  };
  const encoded = "application/x-www-form-urlencoded";
  const parts = "multipart/form-data; boundary=x";

  it("lets the form's own fields through, in either encoding", async () => {
    expect(await post("/forms/project/", encoded, "name=%D0%90&services=seo&services=aso&utm_source=x&homepage=")).toBe(200);
    expect(await post("/forms/job/", parts, multipart([["name", "А"], ["cv", "%PDF", "cv.pdf"], ["position", "x"]]))).toBe(200);
    expect(await post("/sub/confirm/", encoded, "token=abc")).toBe(200);
  });

  it("refuses a part the form does not have, a file where none is asked, a second file", async () => {
    expect(await post("/forms/project/", encoded, "name=x&evil=1")).toBe(400);
    expect(await post("/forms/project/", parts, multipart([["name", "x"], ["cv", "%PDF", "cv.pdf"]]))).toBe(400);
    expect(await post("/forms/job/", parts, multipart([["cv", "%PDF", "a.pdf"], ["cv", "%PDF", "b.pdf"]]))).toBe(400);
    expect(await post("/forms/job/", parts, multipart([["name", "x", "name.pdf"]]))).toBe(400);
    expect(await post("/sub/confirm/", encoded, "token=abc&email=x")).toBe(400);
  });

  it("refuses too many parts, oversized part headers, and bodies that are no multipart at all", async () => {
    expect(await post("/forms/project/", encoded, "services=a&".repeat(101))).toBe(400);
    expect(await post("/forms/project/", encoded, "services=a&".repeat(100))).toBe(200);
    expect(await post("/forms/job/", parts, multipart(Array.from({ length: 101 }, (): [string, string] => ["letter", ""])))).toBe(400);
    const longHeader = `--x\r\nContent-Disposition: form-data; name="name"\r\nX-Pad: ${"a".repeat(3000)}\r\n\r\nv\r\n--x--\r\n`;
    expect(await post("/forms/job/", parts, longHeader)).toBe(400);
    expect(await post("/forms/job/", parts, "no delimiter here")).toBe(400);
    expect(await post("/forms/job/", parts, "--x\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nnever ends")).toBe(400);
  });
});

describe("the content type of a post", () => {
  const g = () => createFormGuard({ origin: ORIGIN, rateLimit: { limit: 100, windowMs: 60_000 }, trustedProxyHops: 0 });
  const body = multipart([["name", "А"], ["position", "x"]]);
  const post = async (type: string, payload = body, path = "/forms/job/") => {
    const res = response();
    const answer = await g()(request({ ...form, "content-type": type, "content-length": String(Buffer.byteLength(payload)) }, "POST", "192.0.2.1", payload), res, path);
    return admitted(answer) ? (answer as { contentType: string }).contentType : res.statusCode;
  };

  it("hands the action a Content-Type rebuilt from the boundary it checked", async () => {
    expect(await post("multipart/form-data; boundary=x")).toBe('multipart/form-data; boundary="x"');
    expect(await post('Multipart/Form-Data ; charset=utf-8; BOUNDARY="x" ')).toBe('multipart/form-data; boundary="x"');
    expect(await post("application/x-www-form-urlencoded; charset=UTF-8", "token=a", "/sub/confirm/")).toBe("application/x-www-form-urlencoded");
  });

  it("refuses a second boundary, an over-long one, or none, before reading the body", async () => {
    // undici takes the first boundary whatever its length: the A-parts would be parsed, the guard would have checked with BBB.
    expect(await post(`multipart/form-data; boundary=${"A".repeat(71)}; boundary=x`)).toBe(400);
    expect(await post("multipart/form-data; boundary=x; boundary=x")).toBe(400);
    expect(await post(`multipart/form-data; boundary="${"A".repeat(71)}"`)).toBe(400);
    expect(await post("multipart/form-data; charset=utf-8")).toBe(400);
    expect(await post("multipart/form-data; boundary=x junk")).toBe(400);
    expect(await post("text/plain; multipart/form-data; boundary=x")).toBe(415);
    expect(await post("application/x-www-form-urlencodedX", "token=a", "/sub/confirm/")).toBe(415);
  });

  it("refuses a part with two Content-Dispositions (readers differ on which counts)", async () => {
    const twice = '--x\r\nContent-Disposition: form-data; name="name"\r\nContent-Disposition: form-data; name="cv"; filename="a"\r\n\r\nv\r\n--x--\r\n';
    expect(await post("multipart/form-data; boundary=x", twice)).toBe(400);
  });
});

describe("the memory held by bodies", () => {
  const budgeted = () => createFormGuard({ origin: ORIGIN, rateLimit: { limit: 100, windowMs: 60_000 }, trustedProxyHops: 0, spoolBudgetBytes: 150 });

  it("is reserved by declared length before a body is read: a post past the budget gets 503 until one finishes", async () => {
    const g = budgeted();
    const first = response();
    expect(admitted(await g(request(form, "POST", "192.0.2.1", "name=a"), first, "/forms/project/"))).toBe(true);
    const refused = response();
    // The request's body would say nothing: the refusal comes from the 100 declared bytes alone.
    expect(await g(request({ ...form, accept: "application/json" }, "POST", "192.0.2.2", "name=b"), refused, "/forms/project/")).toBe(true);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ ok: false, message: M.form.unavailable });
    first.onClose.forEach((close) => close());
    expect(admitted(await g(request(form, "POST", "192.0.2.2", "name=b"), response(), "/forms/project/"))).toBe(true);
  });
});

describe("posts from one IPv6 /64", () => {
  it("count as one address, for the limit and for uploads", async () => {
    const g = createFormGuard({ origin: ORIGIN, rateLimit: { limit: 2, windowMs: 60_000 }, trustedProxyHops: 0 });
    const statuses: number[] = [];
    for (const remote of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3"]) {
      const res = response();
      const answer = await g(request(form, "POST", remote, "name=a"), res, "/forms/project/");
      statuses.push(admitted(answer) ? 200 : res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const cv = multipart([["cv", "x".repeat(FORM_BODY_LIMIT), "cv.pdf"]]);
    const big = { ...form, "content-type": "multipart/form-data; boundary=x", "content-length": String(cv.length) };
    const uploads = createFormGuard({ origin: ORIGIN, rateLimit: { limit: 100, windowMs: 60_000 }, trustedProxyHops: 0 });
    expect(admitted(await uploads(request(big, "POST", "2001:db8:1:2::1", cv), response(), "/forms/job/"))).toBe(true);
    const second = response();
    expect(await uploads(request(big, "POST", "2001:db8:1:2::9", cv), second, "/forms/job/")).toBe(true);
    expect(second.statusCode).toBe(429);
  });
});

/** A multipart body with boundary "x": [name, value] or [name, content, filename]. */
function multipart(parts: Array<[string, string] | [string, string, string]>): string {
  const body = parts.map(([name, value, file]) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"${file === undefined ? "" : `; filename="${file}"\r\nContent-Type: application/pdf`}\r\n\r\n${value}\r\n`,
  );
  return `${body.join("")}--x--\r\n`;
}

describe("clientIp", () => {
  it("trusts X-Forwarded-For only as far as the proxies in front, and keeps IPv4 plain", () => {
    const req = request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }, "POST", "::ffff:127.0.0.1");
    expect(clientIp(req, 0)).toBe("127.0.0.1");
    expect(clientIp(req, 1)).toBe("203.0.113.9");
    expect(clientIp(req, 2)).toBe("6.6.6.6");
  });
});
