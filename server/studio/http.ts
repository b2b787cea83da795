import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiError } from "#core/studio/api.ts";
import { BODY_MESSAGES, bodyProblem, readBody, refuseUnread } from "../body.ts";

/**
 * The studio's JSON in and out. A handler throws HttpError for any refusal;
 * the handler module turns it into `{ ok: false, message, errors? }`.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, errors?: Record<string, string>, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const MESSAGES = {
  badJson: "Запрос не\u00a0похож на\u00a0JSON, который ждёт студия",
  wrongType: "Студия принимает запросы только в\u00a0формате JSON",
  crossSite: "Запрос пришёл не\u00a0со\u00a0страницы студии, поэтому отклонён",
  signedOut: "Вы не\u00a0вошли в\u00a0студию или сессия закончилась. Войдите снова.",
  forbidden: "У\u00a0вашей роли нет доступа к\u00a0этому разделу",
  notFound: "Такого адреса в\u00a0студии нет",
  method: "Этот адрес так не\u00a0вызывают",
  unavailable: "Хранилище студии сейчас недоступно. Попробуйте через минуту.",
  failed: "Что-то пошло не\u00a0так на\u00a0сервере. Попробуйте ещё раз.",
  invalid: "Проверьте поля, отмеченные красным",
} as const;

/** JSON bodies of the studio's API are small; content entries and uploads have their own limits. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** An entry with its Markdown (the longest article is ~11 KB; a table of thousands of redirects fits). */
export const CONTENT_BODY_LIMIT = 1024 * 1024;
/** An uploaded image. */
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", String(payload.length));
  res.end(payload);
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  const body: ApiError = { ok: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  // A body nobody read is drained before the connection closes (server/body.ts).
  if (!req.complete) return refuseUnread(req, res, error.status, error.message, error.headers, true);
  sendJson(res, error.status, body, error.headers);
}

/**
 * The request's JSON object. Refuses other types (415), bodies without a
 * declared length or over the limit (411/413), and anything but an object (400).
 */
export async function readJson(req: IncomingMessage, limitBytes: number): Promise<Record<string, unknown>> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new HttpError(415, MESSAGES.wrongType);
  const problem = bodyProblem(req, limitBytes);
  if (problem) throw new HttpError(problem.status, problem.message);
  const body = await readBody(req, limitBytes);
  if (body === null) throw new HttpError(413, MESSAGES.badJson);
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, MESSAGES.badJson);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HttpError(400, MESSAGES.badJson);
  return value as Record<string, unknown>;
}

/**
 * A raw body (an uploaded file) of one of `types` (415 otherwise), with its
 * declared length at most `limitBytes` (411/413, in Russian; the refused
 * body is drained before the connection closes, see sendError).
 */
export async function readRaw(req: IncomingMessage, limitBytes: number, types: readonly string[], wrongType: string): Promise<{ type: string; bytes: Buffer }> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!types.includes(type)) throw new HttpError(415, wrongType);
  const problem = bodyProblem(req, limitBytes);
  if (problem) throw new HttpError(problem.status, problem.message);
  if (req.headers["content-length"] === undefined) throw new HttpError(411, BODY_MESSAGES.lengthRequired);
  const bytes = await readBody(req, limitBytes);
  if (bytes === null) throw new HttpError(413, BODY_MESSAGES.tooLarge(limitBytes));
  return { type, bytes };
}

/** A string field of a JSON body: "" when absent, 400 when of another type or absurdly long. */
export function field(body: Record<string, unknown>, name: string, maxLength = 1_000): string {
  const value = Object.hasOwn(body, name) ? body[name] : undefined;
  if (value === undefined || value === null) return "";
  if (typeof value !== "string" || value.length > maxLength) throw new HttpError(400, MESSAGES.badJson);
  return value;
}
