import { type BodySource, BodyHolder, type CopiedBody, extractBody } from "./body.ts";
import { type HeadersSource, SiteHeaders } from "./headers.ts";

/** Statuses whose responses have no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Init = Omit<ResponseInit, "headers"> & { headers?: HeadersSource };

/**
 * The Fetch standard's Response, as React Router and the site's routes make
 * them and server/render.ts sends them (decision 036).
 */
export class SiteResponse extends BodyHolder implements Response {
  readonly headers: Headers;
  readonly redirected = false;
  readonly url = "";
  #status: number;
  #statusText: string;
  #type: ResponseType = "default";

  constructor(body?: BodySource | CopiedBody, init: Init = {}) {
    const status = init.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError(`Response: status ${status} is outside 200–599`);
    const statusText = String(init.statusText ?? "");
    if (/[\r\n]/.test(statusText)) throw new TypeError("Response: invalid status text");
    const { held, type } = extractBody(body);
    if (held !== null && NULL_BODY.has(status)) throw new TypeError(`Response: a ${status} response has no body`);
    super(held);
    this.#status = status;
    this.#statusText = statusText;
    this.headers = new SiteHeaders(init.headers);
    if (type !== null && !this.headers.has("content-type")) this.headers.set("content-type", type);
  }

  get status(): number {
    return this.#status;
  }

  get statusText(): string {
    return this.#statusText;
  }

  get ok(): boolean {
    return this.#status >= 200 && this.#status <= 299;
  }

  get type(): ResponseType {
    return this.#type;
  }

  clone(): Response {
    const copy = new SiteResponse(this.copiedBody(), { status: this.#status === 0 ? 200 : this.#status, statusText: this.#statusText, headers: this.headers });
    copy.#status = this.#status;
    copy.#type = this.#type;
    return copy;
  }

  static json(data: unknown, init: Init = {}): Response {
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeError("Response.json: the value cannot be written as JSON");
    const headers = new SiteHeaders(init.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new SiteResponse(text, { ...init, headers });
  }

  static redirect(url: string | URL, status = 302): Response {
    if (!REDIRECTS.has(status)) throw new RangeError(`Response.redirect: ${status} is not a redirect status`);
    return new SiteResponse(null, { status, headers: { location: new URL(String(url)).href } });
  }

  static error(): Response {
    const response = new SiteResponse(null);
    response.#status = 0;
    response.#type = "error";
    return response;
  }

  get [Symbol.toStringTag]() {
    return "Response";
  }
}
