import { describe, expect, it } from "vitest";
import { SiteFormData } from "./form-data.ts";
import { SiteHeaders } from "./headers.ts";
import { SiteRequest } from "./request.ts";
import { SiteResponse } from "./response.ts";

/**
 * The site's Request, Response, Headers and FormData against Node's own
 * (undici's) on the same inputs: what either gives, throws or reads back must
 * be the same, since React Router and the forms read them as if they were Node's.
 */
type Classes = { Headers: typeof Headers; Request: typeof Request; Response: typeof Response; FormData: typeof FormData };
const node: Classes = { Headers, Request, Response, FormData };
const site = { Headers: SiteHeaders, Request: SiteRequest, Response: SiteResponse, FormData: SiteFormData } as unknown as Classes;

/** What `run` gives with either set of classes: its value, or the kind of error it threw. */
async function outcome(run: (c: Classes) => unknown): Promise<unknown> {
  const attempt = async (c: Classes) => {
    try {
      return { value: await run(c) };
    } catch (error) {
      return { threw: (error as Error).constructor.name };
    }
  };
  const [theirs, ours] = [await attempt(node), await attempt(site)];
  expect(ours).toEqual(theirs);
  return ours;
}

const pairs = (h: Headers) => [...h];

const BOUNDARY = "----form7MA4YWxkTrZu0gW";
function multipart(parts: Array<{ head: string; data: string | Buffer }>): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(Buffer.from(`--${BOUNDARY}\r\n${part.head}\r\n\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

async function formEntries(form: FormData) {
  const entries: unknown[] = [];
  for (const [name, value] of form) {
    entries.push(typeof value === "string" ? [name, value] : [name, { file: value instanceof File, name: value.name, type: value.type, text: await value.text() }]);
  }
  return entries;
}

describe("Headers", () => {
  it.each<[string, (c: Classes) => unknown]>([
    ["from a record", (c) => pairs(new c.Headers({ B: "2", a: " 1 ", "X-Many": "x" }))],
    ["from pairs, repeated", (c) => pairs(new c.Headers([["Vary", "Accept"], ["vary", "Cookie"], ["Set-Cookie", "a=1"], ["set-cookie", "b=2"]]))],
    ["from other headers", (c) => pairs(new c.Headers(new c.Headers({ a: "1" })))],
    ["get joins repeated values", (c) => {
      const h = new c.Headers();
      h.append("Accept", "text/html");
      h.append("accept", "application/json");
      return [h.get("ACCEPT"), h.has("accept"), h.get("missing")];
    }],
    ["set replaces, delete removes", (c) => {
      const h = new c.Headers({ a: "1", b: "2" });
      h.append("a", "3");
      h.set("A", "4");
      h.delete("b");
      return pairs(h);
    }],
    ["Set-Cookie kept apart", (c) => {
      const h = new c.Headers();
      h.append("Set-Cookie", "a=1; Path=/");
      h.append("Set-Cookie", "b=2, c=3");
      return [h.getSetCookie(), h.get("set-cookie"), pairs(h)];
    }],
    ["forEach, keys, values", (c) => {
      const h = new c.Headers({ z: "1", a: "2" });
      const seen: string[] = [];
      h.forEach((value, name) => seen.push(`${name}=${value}`));
      return [seen, [...h.keys()], [...h.values()]];
    }],
    ["an invalid name", (c) => new c.Headers({ "bad name": "x" })],
    ["a value with a line break", (c) => new c.Headers({ a: "x\r\nInjected: 1" })],
    ["a value with NUL", (c) => new c.Headers().set("a", "x\0y")],
    ["Cyrillic in a name", (c) => new c.Headers().get("имя")],
    ["not an object", (c) => new c.Headers("a: 1" as unknown as HeadersInit)],
  ])("%s", async (_name, run) => {
    await outcome(run);
  });
});

describe("Request", () => {
  it.each<[string, (c: Classes) => unknown]>([
    ["a URL made canonical", (c) => new c.Request("HTTP://Example.COM/a b/../c?q=ä#top").url],
    ["a relative URL", (c) => new c.Request("/search/")],
    ["a URL with credentials", (c) => new c.Request("http://user:pass@example.com/")],
    ["methods", (c) => ["post", "Get", "mkcol", "PROPFIND"].map((m) => new c.Request("http://a.test/", { method: m }).method)],
    ["a forbidden method", (c) => new c.Request("http://a.test/", { method: "trace" })],
    ["a method that is not a token", (c) => new c.Request("http://a.test/", { method: "GE T" })],
    ["a GET with a body", (c) => new c.Request("http://a.test/", { body: "x" })],
    ["defaults", (c) => {
      const r = new c.Request("http://a.test/");
      return [r.method, r.body, r.bodyUsed, r.redirect, r.signal.aborted, pairs(r.headers)];
    }],
    ["a text body", async (c) => {
      const r = new c.Request("http://a.test/", { method: "POST", body: "привет" });
      return [r.headers.get("content-type"), await r.text(), r.bodyUsed];
    }],
    ["a body read twice", async (c) => {
      const r = new c.Request("http://a.test/", { method: "POST", body: "{}" });
      await r.json();
      return r.text();
    }],
    ["bytes", async (c) => {
      const r = new c.Request("http://a.test/", { method: "PUT", body: new Uint8Array([1, 2, 3]) });
      return [r.headers.get("content-type"), [...new Uint8Array(await r.arrayBuffer())]];
    }],
    ["a stream", async (c) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("one "));
          controller.enqueue(new TextEncoder().encode("two"));
          controller.close();
        },
      });
      const r = new c.Request("http://a.test/", { method: "POST", body, duplex: "half" } as RequestInit);
      return r.text();
    }],
    ["made from another, with new headers", async (c) => {
      const first = new c.Request("http://a.test/x", { method: "POST", body: "data", headers: { a: "1" } });
      const second = new c.Request(first, { headers: { b: "2" } });
      return [second.url, second.method, pairs(second.headers), await second.text()];
    }],
    ["a clone", async (c) => {
      const r = new c.Request("http://a.test/", { method: "POST", body: "twice" });
      const copy = r.clone();
      return [await r.text(), await copy.text()];
    }],
    ["the signal given", (c) => {
      const controller = new AbortController();
      const r = new c.Request("http://a.test/", { signal: controller.signal });
      controller.abort();
      return r.signal.aborted;
    }],
    ["an urlencoded form", async (c) => {
      const r = new c.Request("http://a.test/", {
        method: "POST",
        body: "name=%D0%98%D0%B2%D0%B0%D0%BD+%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2&services=seo&services=ads&empty=&bare",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      return formEntries(await r.formData());
    }],
    ["a multipart form with a file", async (c) => {
      const body = multipart([
        { head: 'Content-Disposition: form-data; name="name"', data: "Анна" },
        { head: 'Content-Disposition: form-data; name="letter"', data: "две\r\nстроки" },
        { head: 'Content-Disposition: form-data; name="cv"; filename="Резюме.pdf"\r\nContent-Type: application/pdf', data: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a]) },
        { head: 'Content-Disposition: form-data; name="empty"; filename=""\r\nContent-Type: application/octet-stream', data: "" },
      ]);
      const r = new c.Request("http://a.test/", { method: "POST", body, headers: { "content-type": MULTIPART_TYPE } });
      return formEntries(await r.formData());
    }],
    ["a multipart form under a quoted boundary", async (c) => {
      const body = multipart([{ head: 'Content-Disposition: form-data; name="a"', data: "1" }]);
      const r = new c.Request("http://a.test/", { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary="${BOUNDARY}"` } });
      return formEntries(await r.formData());
    }],
    ["a form of another type", async (c) => {
      const r = new c.Request("http://a.test/", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
      return r.formData();
    }],
  ])("%s", async (_name, run) => {
    await outcome(run);
  });
});

describe("Response", () => {
  it.each<[string, (c: Classes) => unknown]>([
    ["defaults", (c) => {
      const r = new c.Response();
      return [r.status, r.statusText, r.ok, r.body, r.type, r.url, r.redirected, pairs(r.headers)];
    }],
    ["a string", async (c) => {
      const r = new c.Response("<p>ok</p>", { status: 404, statusText: "Not Found", headers: { "Cache-Control": "no-cache" } });
      return [r.status, r.statusText, r.ok, pairs(r.headers), await r.text()];
    }],
    ["a status out of range", (c) => new c.Response(null, { status: 99 })],
    ["a 204 with a body", (c) => new c.Response("x", { status: 204 })],
    ["a 304 without one", (c) => new c.Response(null, { status: 304 }).status],
    ["Response.json", async (c) => {
      const r = c.Response.json({ a: "ё", n: [1, 2] }, { status: 201, headers: { "X-A": "1" } });
      return [r.status, pairs(r.headers), await r.json()];
    }],
    ["Response.json keeps its own type", (c) => pairs(c.Response.json(1, { headers: { "Content-Type": "application/problem+json" } }).headers)],
    ["Response.json of nothing", (c) => c.Response.json(undefined)],
    ["Response.redirect", (c) => {
      const r = c.Response.redirect("http://a.test/next/", 301);
      return [r.status, pairs(r.headers)];
    }],
    ["Response.redirect with another status", (c) => c.Response.redirect("http://a.test/", 200)],
    ["Response.error", (c) => {
      const r = c.Response.error();
      return [r.status, r.type, r.ok];
    }],
    ["the body as a stream", async (c) => {
      const r = new c.Response("поток");
      const reader = (r.body as ReadableStream<Uint8Array>).getReader();
      const chunks: number[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(...value);
      }
      return [new TextDecoder().decode(new Uint8Array(chunks)), r.bodyUsed];
    }],
    ["text after the stream was taken", async (c) => {
      const r = new c.Response("x");
      (r.body as ReadableStream).getReader();
      return r.text();
    }],
    ["a clone", async (c) => {
      const r = new c.Response("twice", { status: 202 });
      const copy = r.clone();
      return [copy.status, await copy.text(), await r.text()];
    }],
    ["a Blob", async (c) => {
      const r = new c.Response(new Blob(["abc"], { type: "text/csv" }));
      return [r.headers.get("content-type"), await r.text()];
    }],
    ["URLSearchParams", async (c) => {
      const r = new c.Response(new URLSearchParams({ q: "поиск" }));
      return [r.headers.get("content-type"), await r.text()];
    }],
  ])("%s", async (_name, run) => {
    await outcome(run);
  });
});

describe("FormData", () => {
  it("appends, sets and deletes as Node's does", async () => {
    await outcome(async (c) => {
      const form = new c.FormData();
      form.append("a", "1");
      form.append("b", "2");
      form.append("a", "3");
      form.append("file", new Blob(["x"], { type: "text/plain" }), "x.txt");
      form.set("b", "4");
      form.set("c", "5");
      const before = [form.get("a"), form.getAll("a"), form.has("b"), form.get("missing")];
      form.delete("a");
      return [before, await formEntries(form)];
    });
  });
});
