import { request as httpRequest } from "node:http";
import { parse, type HTMLElement } from "node-html-parser";
import { inject } from "vitest";

export const baseUrl = inject("baseUrl");

/** GET without following redirects. */
export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(baseUrl + path, { redirect: "manual", ...init });
}

export async function getHtml(path: string): Promise<{ status: number; html: string }> {
  const res = await get(path);
  return { status: res.status, html: await res.text() };
}

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A request with the path sent exactly as given (fetch would normalise it)
 * and no Accept-Encoding unless given (fetch always asks for compression).
 */
export function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

export const rawGet = (path: string, headers: Record<string, string> = {}) => rawRequest("GET", path, headers);

export async function getDocument(path: string): Promise<{ status: number; doc: HTMLElement }> {
  const { status, html } = await getHtml(path);
  return { status, doc: parse(html) };
}

/** Text with typography's non-breaking spaces read as spaces: for comparing with the spec's fixed texts. */
export function plain(text: string | null | undefined): string {
  return (text ?? "").replace(/\u00a0/g, " ");
}
