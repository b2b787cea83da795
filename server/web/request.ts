import { type BodySource, BodyHolder, type CopiedBody, extractBody } from "./body.ts";
import { type HeadersSource, SiteHeaders } from "./headers.ts";

/** Methods the standard writes in capitals whatever case they came in (PATCH is not one of them). */
const NORMALISED = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);
const FORBIDDEN = new Set(["CONNECT", "TRACE", "TRACK"]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

type Init = Omit<RequestInit, "body" | "headers"> & { body?: BodySource; headers?: HeadersSource; duplex?: "half" };

function method(raw: string): string {
  if (!TOKEN.test(raw)) throw new TypeError(`Request: invalid method "${raw}"`);
  const upper = raw.toUpperCase();
  if (FORBIDDEN.has(upper)) throw new TypeError(`Request: method ${upper} is not allowed`);
  return NORMALISED.has(upper) ? upper : raw;
}

/**
 * The Fetch standard's Request, as the site's process makes and reads them
 * (decision 036): an absolute URL, a method, headers, a signal and a body.
 * What only a browser's fetch uses (mode, credentials, cache…) has the
 * standard's defaults and does nothing.
 */
export class SiteRequest extends BodyHolder implements Request {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly redirect: RequestRedirect;
  readonly cache: RequestCache = "default";
  readonly credentials: RequestCredentials = "same-origin";
  readonly destination: RequestDestination = "";
  readonly integrity: string = "";
  readonly keepalive: boolean = false;
  readonly mode: RequestMode = "cors";
  readonly referrer: string = "about:client";
  readonly referrerPolicy: ReferrerPolicy = "";
  readonly duplex = "half" as const;

  constructor(input: string | URL | Request, init: Init = {}) {
    const from: SiteRequest | null = input instanceof SiteRequest ? input : null;
    let url: URL;
    try {
      url = new URL(from ? from.url : String(input));
    } catch {
      throw new TypeError("Request: invalid URL");
    }
    if (url.username !== "" || url.password !== "") throw new TypeError("Request: a URL with credentials");
    const verb = init.method !== undefined ? method(String(init.method)) : (from?.method ?? "GET");
    const given = init.body !== undefined && init.body !== null;
    if (given && (verb === "GET" || verb === "HEAD")) throw new TypeError(`Request: a ${verb} request has no body`);
    const body: BodySource | CopiedBody = given ? init.body : from ? from.copiedBody() : null;
    const { held, type } = extractBody(body);
    super(held);
    this.url = url.href;
    this.method = verb;
    this.headers = new SiteHeaders(init.headers ?? from?.headers);
    if (type !== null && !this.headers.has("content-type")) this.headers.set("content-type", type);
    this.signal = init.signal ?? from?.signal ?? new AbortController().signal;
    this.redirect = init.redirect ?? from?.redirect ?? "follow";
  }

  clone(): Request {
    return new SiteRequest(this);
  }

  get [Symbol.toStringTag]() {
    return "Request";
  }
}
