import type { FormKind } from "#core/forms/kinds.ts";
import { isStatus, kindsFor, type InboxPage } from "#core/studio/inbox.ts";
import { type Permission, permissionsOf } from "#core/studio/roles.ts";
import type { Context } from "../context.ts";
import { HttpError, field, MESSAGES } from "../http.ts";
import { attachmentDisposition, cvFileName } from "../inbox/attachment.ts";
import { streamExport } from "../inbox/export.ts";
import { exportFileName } from "../inbox/export-name.ts";
import { writeXlsxExport, XLSX_TYPE } from "../inbox/xlsx.ts";
import { XLSX_MAX_ROWS } from "#core/studio/export.ts";
import { describeFilter, parseFilter, parsePage } from "../inbox/filter.ts";
import type { ApiRoute } from "../router.ts";
import { clock } from "../../clock.ts";

/**
 * «Заявки»: the list with its filters, one submission, its status, a retry of
 * a dead-lettered delivery, its CV, and the export (CSV, or XLSX with `format=xlsx`). The kinds a caller
 * sees come from their role's permissions (core/studio/inbox.ts) and go
 * into every query; a submission of another kind is answered 404, as if it
 * did not exist. Every view of personal data, every file and every export is
 * written to the audit log, never the data itself.
 */
export const INBOX_MESSAGES = {
  notFound: "Такой заявки нет — возможно, её удалили",
  deliveryNotFound: "Эта доставка не\u00a0ждёт повтора: её уже доставили или поставили в\u00a0очередь",
  noFile: "У\u00a0этой заявки нет файла резюме",
  status: "Выберите статус из\u00a0списка",
  tooManyForXlsx: `В\u00a0файл Excel помещается не\u00a0больше ${XLSX_MAX_ROWS.toLocaleString("ru-RU")} заявок. Сузьте фильтр (например, по\u00a0датам) или скачайте CSV\u00a0— в\u00a0нём все`,
} as const;

const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The signed-in caller with `permission`, and the kinds of submission their role shows. */
async function caller(ctx: Context, permission: Permission) {
  const session = await ctx.requirePermission(permission);
  const kinds: FormKind[] = kindsFor(permissionsOf(session.user.role));
  return { session, kinds, by: { actor: { id: session.user.id, login: session.user.login }, ip: ctx.client.ip } };
}

function submissionId(ctx: Context): string {
  const id = ctx.params.id ?? "";
  if (!SUBMISSION_ID.test(id)) throw new HttpError(404, INBOX_MESSAGES.notFound);
  return id;
}

export const inboxRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/inbox",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx, "leads:read");
      const filter = parseFilter(ctx.url.searchParams, kinds);
      const page = parsePage(ctx.url.searchParams);
      const result = await ctx.services.inbox.list(filter, page);
      if (result.items.length > 0) {
        await ctx.services.audit.write({
          action: "inbox.list",
          actor: session.user,
          details: { filter: describeFilter(filter), page: result.page, ids: result.items.map((item) => item.id) },
          ip: ctx.client.ip,
        });
      }
      const body: InboxPage = { ...result, kinds };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/inbox/export",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx, "leads:export");
      const filter = parseFilter(ctx.url.searchParams, kinds);
      const xlsx = ctx.url.searchParams.get("format") === "xlsx";
      // Recorded before a byte leaves: an export cut short was still an export.
      const count = await ctx.services.inbox.count(filter);
      if (xlsx && count > XLSX_MAX_ROWS) throw new HttpError(422, INBOX_MESSAGES.tooManyForXlsx);
      await ctx.services.audit.write({ action: "inbox.export", actor: session.user, details: { filter: describeFilter(filter), count, format: xlsx ? "xlsx" : "csv" }, ip: ctx.client.ip });
      ctx.res.statusCode = 200;
      ctx.res.setHeader("Content-Type", xlsx ? XLSX_TYPE : "text/csv; charset=utf-8");
      ctx.res.setHeader("Content-Disposition", attachmentDisposition(exportFileName(ctx.url.searchParams, clock.now(), xlsx ? "xlsx" : "csv")));
      ctx.res.setHeader("X-Content-Type-Options", "nosniff");
      if (xlsx) {
        await writeXlsxExport(ctx.res, ctx.services.inbox, filter);
        return;
      }
      await streamExport(ctx.res, ctx.services.inbox, filter);
    },
  },
  {
    method: "GET",
    path: "/inbox/:id",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx, "leads:read");
      const id = submissionId(ctx);
      const detail = await ctx.services.inbox.detail(id, kinds);
      if (!detail) throw new HttpError(404, INBOX_MESSAGES.notFound);
      await ctx.services.audit.write({ action: "inbox.view", actor: session.user, target: id, details: { kind: detail.kind }, ip: ctx.client.ip });
      ctx.send(200, detail);
    },
  },
  {
    method: "PUT",
    path: "/inbox/:id/status",
    async handle(ctx) {
      const { kinds, by } = await caller(ctx, "leads:work");
      const id = submissionId(ctx);
      const status = field(await ctx.body(), "status", 100);
      if (!isStatus(status)) throw new HttpError(422, MESSAGES.invalid, { status: INBOX_MESSAGES.status });
      const set = await ctx.services.inbox.setStatus(id, kinds, status, by);
      if (!set) throw new HttpError(404, INBOX_MESSAGES.notFound);
      ctx.send(200, { status: set });
    },
  },
  {
    method: "POST",
    path: "/inbox/:id/deliveries/:delivery/retry",
    async handle(ctx) {
      const { kinds, by } = await caller(ctx, "leads:work");
      const id = submissionId(ctx);
      const delivery = ctx.params.delivery ?? "";
      if (!/^\d{1,15}$/.test(delivery)) throw new HttpError(404, INBOX_MESSAGES.deliveryNotFound);
      const outcome = await ctx.services.inbox.retryDelivery(id, Number(delivery), kinds, by);
      if (outcome === "missing") throw new HttpError(404, INBOX_MESSAGES.deliveryNotFound);
      ctx.send(200, { queued: true });
    },
  },
  {
    method: "GET",
    path: "/inbox/:id/file",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx, "leads:read");
      const id = submissionId(ctx);
      const file = await ctx.services.inbox.file(id, kinds);
      if (!file) throw new HttpError(404, INBOX_MESSAGES.noFile);
      await ctx.services.audit.write({ action: "inbox.file", actor: session.user, target: id, details: { kind: file.kind }, ip: ctx.client.ip });
      const body = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
      ctx.res.statusCode = 200;
      // Always a download, never a page: whatever the file holds, it does not run in the studio's origin.
      ctx.res.setHeader("Content-Type", file.type);
      ctx.res.setHeader("Content-Disposition", attachmentDisposition(cvFileName(file.name, file.type, id)));
      ctx.res.setHeader("X-Content-Type-Options", "nosniff");
      ctx.res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      ctx.res.setHeader("Content-Length", String(body.length));
      ctx.res.end(ctx.req.method === "HEAD" ? undefined : body);
    },
  },
];
