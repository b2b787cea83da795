import { Readable } from "node:stream";
import { SiteFormData } from "./form-data.ts";
import { parseFormType, readMultipart } from "./multipart.ts";

/**
 * A request's or a response's body (the standard's "body mixin"), held as
 * bytes while it is bytes and as a stream only when it came as one or
 * someone asks for `.body`: most answers the site makes are a string read
 * back whole (server/render.ts), which then never becomes a stream at all.
 */

export type BodySource = BodyInit | null | undefined;

type Held = { bytes: Uint8Array<ArrayBuffer> } | { stream: ReadableStream<Uint8Array<ArrayBuffer>> } | null;

/** Another Request's or Response's body, handed to a copy as it is (clone, or a Request made from another). */
export class CopiedBody {
  readonly held: Held;
  readonly type: string | null;
  constructor(held: Held, type: string | null) {
    this.held = held;
    this.type = type;
  }
}

const encoder = new TextEncoder();

/** The body as the standard extracts it, with the Content-Type it implies (null: none). */
export function extractBody(source: BodySource | CopiedBody): { held: Held; type: string | null } {
  if (source === null || source === undefined) return { held: null, type: null };
  if (source instanceof CopiedBody) return { held: source.held, type: source.type };
  if (typeof source === "string") return { held: { bytes: encoder.encode(source) }, type: "text/plain;charset=UTF-8" };
  if (source instanceof URLSearchParams) {
    return { held: { bytes: encoder.encode(source.toString()) }, type: "application/x-www-form-urlencoded;charset=UTF-8" };
  }
  if (source instanceof ArrayBuffer) return { held: { bytes: new Uint8Array(source.slice(0)) }, type: null };
  if (ArrayBuffer.isView(source)) {
    // Copied, as the standard does: the caller may reuse its buffer.
    return { held: { bytes: new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength)) }, type: null };
  }
  if (source instanceof Blob) return { held: { stream: source.stream() }, type: source.type === "" ? null : source.type };
  if (source instanceof ReadableStream) return { held: { stream: source as ReadableStream<Uint8Array<ArrayBuffer>> }, type: null };
  // A FormData body is only ever sent by browsers; the site's process never makes one.
  throw new TypeError("body: this kind of body is not supported in the site's process");
}

async function readAll(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = typeof value === "string" ? encoder.encode(value) : value;
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** What Request and Response share: the body, read once, in any of the standard's forms. */
export abstract class BodyHolder {
  #held: Held;
  #used = false;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null = null;

  protected constructor(held: Held) {
    this.#held = held;
  }

  abstract readonly headers: Headers;

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#held === null) return null;
    if (this.#stream) return this.#stream;
    if ("stream" in this.#held) {
      this.#stream = this.#held.stream;
    } else {
      const bytes = this.#held.bytes;
      this.#stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
        start(controller) {
          if (bytes.byteLength > 0) controller.enqueue(bytes);
          controller.close();
        },
      });
    }
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#stream !== null && Readable.isDisturbed(this.#stream as unknown as NodeJS.ReadableStream));
  }

  /** The body for a copy (clone, or a Request made from another): a stream is split in two. */
  protected copiedBody(): CopiedBody {
    if (this.bodyUsed) throw new TypeError("body: already read");
    if (this.#held === null || "bytes" in this.#held) return new CopiedBody(this.#held, null);
    const [mine, theirs] = (this.#stream ?? this.#held.stream).tee();
    this.#held = { stream: mine };
    this.#stream = null;
    return new CopiedBody({ stream: theirs }, null);
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.bodyUsed) throw new TypeError("body: already read");
    this.#used = true;
    const held = this.#held;
    if (held === null) return new Uint8Array(0);
    if ("bytes" in held && this.#stream === null) return held.bytes ; 
    return (await readAll(this.#stream ?? (held as { stream: ReadableStream<Uint8Array<ArrayBuffer>> }).stream));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get("content-type") ?? "" });
  }

  /** urlencoded or multipart (read by the same reader the forms' guard checked the body with). */
  async formData(): Promise<FormData> {
    const type = parseFormType(this.headers.get("content-type") ?? "");
    if (type === null) throw new TypeError("formData: the body is neither urlencoded nor multipart/form-data");
    const bytes = await this.bytes();
    const form = new SiteFormData();
    if (type.kind === "urlencoded") {
      for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(name, value);
      return form;
    }
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const read = readMultipart(body, type.boundary);
    if ("problem" in read) throw new TypeError(`formData: ${read.problem}`);
    for (const part of read.parts) {
      const data = body.subarray(part.start, part.end);
      if (part.filename === null) form.append(part.name, data.toString("utf8"));
      else form.append(part.name, new File([data], part.filename, { type: part.type }));
    }
    return form;
  }
}
