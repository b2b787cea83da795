import type { FormKind } from "#core/forms/kinds.ts";
import { isFormKind } from "#core/forms/kinds.ts";
import { isOutcome, isStatus, kindsFor, type InboxPage, LOSS_NOTE_MAX, LOSS_REASON_MAX, LOSS_REASONS_MAX, type StageInput, STAGE_KEY, visibleStages } from "#core/studio/inbox.ts";
import { formatCount } from "#core/lib/format.ts";
import { clock } from "../../clock.ts";
import { inboxOverview } from "../inbox/overview.ts";
import { funnelPeriod, inboxFunnel } from "../inbox/funnel.ts";
import { permissionsOf } from "#core/studio/roles.ts";
import type { Context } from "../context.ts";
import { HttpError, field, MESSAGES } from "../http.ts";
import { attachmentDisposition, cvFileName } from "../inbox/attachment.ts";
import { streamExport } from "../inbox/export.ts";
import { listSlugs, readEntry, titleOf } from "../content/files.ts";
import { exportFileName } from "../inbox/export-name.ts";
import { writeXlsxExport, XLSX_TYPE } from "../inbox/xlsx.ts";
import { XLSX_MAX_ROWS } from "#core/studio/export.ts";
import { describeFilter, parseFilter, parsePage } from "../inbox/filter.ts";
import { refuseOtherKinds } from "../kinds-guard.ts";
import type { ApiRoute } from "../router.ts";

/**
 * «Заявки»: the list with its filters, one submission, its status, a retry of
 * a dead-lettered delivery, its CV, and the export (CSV, or XLSX with `format=xlsx`). The kinds a caller
 * sees come from their role's permissions (core/studio/inbox.ts) and go
 * into every query; a submission or a kind outside them, named in a request, is
 * refused with 403 (kinds-guard.ts). Every view of personal data, every file and every export is
 * written to the audit log, never the data itself.
 */
export const INBOX_MESSAGES = {
  notFound: "Такой заявки нет — возможно, её удалили",
  deliveryNotFound: "Эта доставка не\u00a0ждёт повтора: её уже доставили или поставили в\u00a0очередь",
  noFile: "У\u00a0этой заявки нет файла резюме",
  status: "Выберите этап из\u00a0списка",
  tooManyForXlsx: `В\u00a0файл Excel помещается не\u00a0больше ${formatCount(XLSX_MAX_ROWS)} заявок. Сузьте фильтр (например, по\u00a0датам) или скачайте CSV\u00a0— в\u00a0нём все`,
  owner: "Выберите ответственного из\u00a0списка: этот человек не\u00a0работает с\u00a0такими заявками",
  comment: "Напишите комментарий",
  commentLong: "Комментарий длиннее 5000\u00a0знаков: сократите его",
  commentControl: "В\u00a0комментарии есть непечатные символы: уберите их",
  bulkNone: "Отметьте хотя бы одну заявку в\u00a0списке",
  bulkNothing: "Выберите новый этап или ответственного",
  stageLabel: "У\u00a0этапа должно быть название до\u00a060\u00a0знаков",
  stageTwice: "Два этапа с\u00a0одним названием: переименуйте один",
  stagesEmpty: "Оставьте хотя бы один этап",
  reason: "Выберите причину отказа из\u00a0списка",
  noteLong: `Пояснение длиннее ${LOSS_NOTE_MAX}\u00a0знаков: сократите его`,
  noteControl: "В\u00a0пояснении есть непечатные символы: уберите их",
  reasonLabel: `У\u00a0причины должно быть название до\u00a0${LOSS_REASON_MAX}\u00a0знаков`,
  reasonTwice: "Две одинаковые причины: уберите одну",
  reasonsEmpty: "Оставьте хотя бы одну причину отказа",
  stageInUse: (label: string) => `В\u00a0этапе «${label}» есть заявки, его нельзя убрать. Сначала переведите их в\u00a0другой этап.`,
} as const;

const COMMENT_MAX = 5_000;
const BULK_MAX = 200;

const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The signed-in caller (the route's access checked), and the kinds of submission their role shows.
 * A kind it does not show, asked by name (`?kind=`) or by a submission's id, is a 403 (kinds-guard.ts).
 */
async function caller(ctx: Context) {
  const session = await ctx.requireUser();
  const kinds: FormKind[] = kindsFor(permissionsOf(session.user.role));
  const asked = ctx.url.searchParams.get("kind") ?? "";
  if (isFormKind(asked) && !kinds.includes(asked)) throw new HttpError(403, MESSAGES.forbidden);
  if (ctx.params.id && SUBMISSION_ID.test(ctx.params.id)) await refuseOtherKinds(ctx.services.inbox.db, [ctx.params.id], kinds);
  return { session, kinds, by: { actor: { id: session.user.id, login: session.user.login }, ip: ctx.client.ip } };
}

function submissionId(ctx: Context): string {
  const id = ctx.params.id ?? "";
  if (!SUBMISSION_ID.test(id)) throw new HttpError(404, INBOX_MESSAGES.notFound);
  return id;
}

/** An owner as the forms send it: "" for nobody, else a user's id. */
function ownerOf(value: string): number | null {
  if (value === "" || value === "none") return null;
  if (!/^\d{1,15}$/.test(value)) throw new HttpError(422, MESSAGES.invalid, { owner: INBOX_MESSAGES.owner });
  return Number(value);
}

/**
 * A kind's stages as the settings screen sends them, in order: label, whether it ends the work,
 * and the key of a stage that exists (a new one gets a key of its own). Errors name the row.
 */
function stagesOf(value: unknown): StageInput[] {
  if (!Array.isArray(value) || value.length > 30) throw new HttpError(400, MESSAGES.badJson);
  if (value.length === 0) throw new HttpError(422, MESSAGES.invalid, { stages: INBOX_MESSAGES.stagesEmpty });
  const errors: Record<string, string> = {};
  const labels = new Set<string>();
  const keys = new Set<string>();
  const stages = value.map((raw, index) => {
    if (typeof raw !== "object" || raw === null) throw new HttpError(400, MESSAGES.badJson);
    const entry = raw as Record<string, unknown>;
    const label = typeof entry.label === "string" ? entry.label.trim().replace(/\s+/g, " ") : "";
    if (!label || label.length > 60 || /[\u0000-\u001f\u007f]/.test(label)) errors[`stages.${index}`] = INBOX_MESSAGES.stageLabel;
    else if (labels.has(label.toLowerCase())) errors[`stages.${index}`] = INBOX_MESSAGES.stageTwice;
    labels.add(label.toLowerCase());
    let key = typeof entry.key === "string" && STAGE_KEY.test(entry.key) ? entry.key : "";
    if (!key || keys.has(key)) {
      let n = index + 1;
      while (keys.has(`stage-${n}`) || value.some((v) => (v as Record<string, unknown>)?.key === `stage-${n}`)) n++;
      key = `stage-${n}`;
    }
    keys.add(key);
    // `closed` of before still reads as a lost end when no outcome is sent.
    const outcome = isOutcome(entry.outcome) ? entry.outcome : entry.closed === true ? "lost" : "open";
    return { key, label, outcome };
  });
  if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
  return stages;
}

/** A kind's reasons for a loss as the settings screen sends them, in order; errors name the row. */
function reasonsOf(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > LOSS_REASONS_MAX) throw new HttpError(400, MESSAGES.badJson);
  if (value.length === 0) throw new HttpError(422, MESSAGES.invalid, { reasons: INBOX_MESSAGES.reasonsEmpty });
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const reasons = value.map((raw, index) => {
    const label = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : "";
    if (!label || label.length > LOSS_REASON_MAX || /[\u0000-\u001f\u007f]/.test(label)) errors[`reasons.${index}`] = INBOX_MESSAGES.reasonLabel;
    else if (seen.has(label.toLowerCase())) errors[`reasons.${index}`] = INBOX_MESSAGES.reasonTwice;
    seen.add(label.toLowerCase());
    return label;
  });
  if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
  return reasons;
}

/** The reason and the note a move to a lost stage carries (the store checks the reason against the kind's list). */
function lossInput(body: Record<string, unknown>): { reason?: string; note?: string } {
  const reason = field(body, "reason", LOSS_REASON_MAX * 4).trim();
  const note = field(body, "note", LOSS_NOTE_MAX * 4).trim();
  if (note.length > LOSS_NOTE_MAX) throw new HttpError(422, MESSAGES.invalid, { note: INBOX_MESSAGES.noteLong });
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(note)) throw new HttpError(422, MESSAGES.invalid, { note: INBOX_MESSAGES.noteControl });
  return { ...(reason ? { reason } : {}), ...(note ? { note } : {}) };
}

export const inboxRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/inbox",
    access: "leads:read",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx);
      const filter = parseFilter(ctx.url.searchParams, kinds, session.user.id);
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
      const body: InboxPage = { ...result, stages: visibleStages(result.stages, kinds), kinds, me: session.user.id, landings: landingChoices(ctx) };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/inbox/export",
    access: "leads:export",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx);
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
    path: "/inbox/overview",
    access: "leads:read",
    async handle(ctx) {
      const { kinds, session } = await caller(ctx);
      // The last visit: this person's sign-in before the one that opened this session.
      const before = await ctx.services.audit.list({ actor: session.user.login, action: "session.sign-in", to: session.createdAt });
      ctx.send(200, await inboxOverview(ctx.services.inbox.db, kinds, clock.now(), before.entries[0]?.at ?? null));
    },
  },
  {
    method: "GET",
    path: "/inbox/funnel",
    access: "leads:read",
    async handle(ctx) {
      const { kinds } = await caller(ctx);
      ctx.send(200, await inboxFunnel(ctx.services.inbox.db, kinds, funnelPeriod(ctx.url.searchParams, clock.now())));
    },
  },
  {
    method: "POST",
    path: "/inbox/bulk",
    access: "leads:work",
    async handle(ctx) {
      const { kinds, by } = await caller(ctx);
      const body = await ctx.body();
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string") || ids.length > BULK_MAX) throw new HttpError(400, MESSAGES.badJson);
      const wanted = [...new Set(ids as string[])].filter((id) => SUBMISSION_ID.test(id));
      if (wanted.length === 0) throw new HttpError(422, MESSAGES.invalid, { ids: INBOX_MESSAGES.bulkNone });
      await refuseOtherKinds(ctx.services.inbox.db, wanted, kinds);
      const stage = field(body, "stage", 100);
      const ownerText = field(body, "owner", 20);
      if (!stage && !ownerText) throw new HttpError(422, MESSAGES.invalid, { stage: INBOX_MESSAGES.bulkNothing });
      if (stage && !isStatus(stage)) throw new HttpError(422, MESSAGES.invalid, { stage: INBOX_MESSAGES.status });
      const change = { ...(stage ? { stage, ...lossInput(body) } : {}), ...(ownerText ? { owner: ownerText === "none" ? null : ownerOf(ownerText) } : {}) };
      // A loss in any of the caller's kinds asks for its reason at the field, rather than leaving every row.
      const stages = await ctx.services.inbox.stages();
      if (stage && !change.reason && kinds.some((kind) => stages[kind].some((s) => s.key === stage && s.outcome === "lost"))) {
        throw new HttpError(422, MESSAGES.invalid, { reason: INBOX_MESSAGES.reason });
      }
      ctx.send(200, await ctx.services.inbox.bulk(wanted, kinds, change, by, clock.now()));
    },
  },
  {
    method: "GET",
    path: "/inbox/stages",
    access: "leads:read",
    async handle(ctx) {
      const { kinds } = await caller(ctx);
      ctx.send(200, visibleStages(await ctx.services.inbox.stages(), kinds));
    },
  },
  {
    method: "GET",
    path: "/inbox/loss-reasons",
    access: "leads:read",
    async handle(ctx) {
      const { kinds } = await caller(ctx);
      const reasons = await ctx.services.inbox.lossReasons();
      ctx.send(200, Object.fromEntries(kinds.map((kind) => [kind, reasons[kind]])));
    },
  },
  {
    method: "PUT",
    path: "/inbox/stages/:kind",
    access: "leads:stages",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const kind = ctx.params.kind;
      if (!isFormKind(kind)) throw new HttpError(404, MESSAGES.notFound);
      const body = await ctx.body();
      const stages = stagesOf(body.stages);
      const reasons = reasonsOf(body.reasons);
      const saved = await ctx.services.inbox.saveStages(kind, stages, { actor: { id: session.user.id, login: session.user.login }, ip: ctx.client.ip }, clock.now(), reasons);
      if (!saved.saved) {
        // The stage left out is not in the list sent: the error belongs to the list as a whole, naming it.
        const label = (await ctx.services.inbox.stages())[kind].find((stage) => stage.key === saved.inUse)?.label ?? saved.inUse;
        const message = INBOX_MESSAGES.stageInUse(label);
        throw new HttpError(422, message, { stages: message });
      }
      ctx.send(200, (await ctx.services.inbox.stages())[kind]);
    },
  },
  {
    method: "GET",
    path: "/inbox/:id",
    access: "leads:read",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx);
      const id = submissionId(ctx);
      const detail = await ctx.services.inbox.detail(id, kinds);
      if (!detail) throw new HttpError(404, INBOX_MESSAGES.notFound);
      await ctx.services.audit.write({ action: "inbox.view", actor: session.user, target: id, details: { kind: detail.kind, number: detail.number }, ip: ctx.client.ip });
      ctx.send(200, detail);
    },
  },
  {
    method: "PUT",
    path: "/inbox/:id/status",
    access: "leads:work",
    async handle(ctx) {
      const { kinds, by } = await caller(ctx);
      const id = submissionId(ctx);
      const body = await ctx.body();
      const status = field(body, "status", 100);
      if (!isStatus(status)) throw new HttpError(422, MESSAGES.invalid, { status: INBOX_MESSAGES.status });
      const set = await ctx.services.inbox.setStatus(id, kinds, status, by, clock.now(), lossInput(body));
      if (!set) throw new HttpError(404, INBOX_MESSAGES.notFound);
      if (set === "unknown") throw new HttpError(422, MESSAGES.invalid, { status: INBOX_MESSAGES.status });
      if (set === "reason") throw new HttpError(422, MESSAGES.invalid, { reason: INBOX_MESSAGES.reason });
      ctx.send(200, { status: set });
    },
  },
  {
    method: "PUT",
    path: "/inbox/:id/owner",
    access: "leads:work",
    async handle(ctx) {
      const { kinds, by } = await caller(ctx);
      const id = submissionId(ctx);
      const owner = ownerOf(field(await ctx.body(), "owner", 20));
      const set = await ctx.services.inbox.setOwner(id, kinds, owner, by, clock.now());
      if (!set) throw new HttpError(404, INBOX_MESSAGES.notFound);
      if (set === "ineligible") throw new HttpError(422, MESSAGES.invalid, { owner: INBOX_MESSAGES.owner });
      ctx.send(200, { owner });
    },
  },
  {
    method: "POST",
    path: "/inbox/:id/comments",
    access: "leads:work",
    async handle(ctx) {
      const { session, kinds, by } = await caller(ctx);
      const id = submissionId(ctx);
      const raw = (await ctx.body()).body;
      if (raw !== undefined && typeof raw !== "string") throw new HttpError(400, MESSAGES.badJson);
      const body = (raw ?? "").trim();
      if (!body) throw new HttpError(422, MESSAGES.invalid, { body: INBOX_MESSAGES.comment });
      if (body.length > COMMENT_MAX) throw new HttpError(422, MESSAGES.invalid, { body: INBOX_MESSAGES.commentLong });
      // Control characters other than line breaks and tabs belong in no comment (PostgreSQL refuses NUL outright).
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(body)) throw new HttpError(422, MESSAGES.invalid, { body: INBOX_MESSAGES.commentControl });
      const comment = await ctx.services.inbox.addComment(id, kinds, body, { ...by, name: session.user.name }, clock.now());
      if (!comment) throw new HttpError(404, INBOX_MESSAGES.notFound);
      ctx.send(201, comment);
    },
  },
  {
    method: "POST",
    path: "/inbox/:id/deliveries/:delivery/retry",
    access: "leads:work",
    async handle(ctx) {
      const { kinds, by } = await caller(ctx);
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
    access: "leads:read",
    async handle(ctx) {
      const { session, kinds } = await caller(ctx);
      const id = submissionId(ctx);
      const file = await ctx.services.inbox.file(id, kinds);
      if (!file) throw new HttpError(404, INBOX_MESSAGES.noFile);
      await ctx.services.audit.write({ action: "inbox.file", actor: session.user, target: id, details: { kind: file.kind, number: file.number }, ip: ctx.client.ip });
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

/** The landings a request may come from, by title, for the list's filter (each entry's file is read once and kept while unchanged: files.ts). */
function landingChoices(ctx: Context): InboxPage["landings"] {
  const dir = ctx.services.config.contentDir;
  return listSlugs(dir, "landings").map((slug) => ({ value: slug, label: titleOf(readEntry(dir, "landings", slug)?.values ?? {}, slug) }));
}
