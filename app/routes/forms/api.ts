import type { Route } from "./+types/api";
import { formsContext } from "../../forms/context.server.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { isFormKind } from "#core/forms/kinds.ts";
import { leadsService } from "#core/forms/service.server.ts";

/**
 * POST /api/forms/<project|job|subscribe>/: the forms' JSON endpoint (used by
 * their JavaScript). 200 {ok, id} once stored, 422 with a message per field,
 * 503 when the store is unavailable; the server's guard answers 403, 411,
 * 413, 415 and 429 before this runs.
 */
const json = (body: unknown, status: number, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // Declared, so the server knows the answer is too small to be worth compressing.
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      ...headers,
    },
  });
};

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isFormKind(params.form)) return json({ ok: false, message: "Нет такой формы" }, 404);
  try {
    const result = await (await leadsService(context)).submit(params.form, request, formsContext());
    // The browser keeps what was typed; it needs no echo.
    const answer = result.answer.ok ? result.answer : { ...result.answer, values: undefined };
    return json(answer, result.status, result.headers);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "form api failed", error: String((error as Error)?.stack ?? error) }));
    return json({ ok: false, message: M.form.unavailable }, 503, { "Retry-After": "30" });
  }
}

export function loader() {
  return json({ ok: false, message: "Используйте POST" }, 405, { Allow: "POST" });
}
