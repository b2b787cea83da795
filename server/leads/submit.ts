import { createHash, randomBytes, randomUUID } from "node:crypto";
import { CV_MEDIA_TYPES, sniffCvType } from "#core/forms/file-type.ts";
import { MESSAGES as M } from "#core/forms/messages.ts";
import { BUDGETS, type Budget, type FieldErrors, type FormKind, type FormValues } from "#core/forms/kinds.ts";
import type { Visit } from "#core/forms/visit.ts";
import { CAMPAIGN_FIELDS, readCampaign } from "#core/forms/campaign.ts";
import { analyticsCookieAllowed } from "../consent.ts";
import { fieldErrors, formValues, readForm, schemaFor } from "#core/forms/schemas.ts";
import type { FormsContext, SubmitResult } from "#core/forms/service.server.ts";
import { CLIENT_IP_HEADER } from "../rate-limit.ts";
import { redactedMessage } from "../redact.ts";
import type { LeadsConfig } from "./config.ts";
import type { Store } from "./store.ts";
import type { LiveSettings } from "../settings/settings.ts";
import type { Channel, NewSubmission } from "./types.ts";

/**
 * One form post, from the request to the answer. The 200 goes out only after
 * the submission, its file and its outbox items are committed. A repeat of a
 * stored id answers the same and writes nothing. Bots (honeypot filled, form
 * sent too fast) get an ordinary-looking success and nothing is kept.
 */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3_600_000;
export const HONEYPOT_FIELD = "homepage";
export const ELAPSED_FIELD = "elapsed";
export const ID_FIELD = "id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SubmitDeps = {
  store: () => Store | null;
  wake: () => void;
  config: LeadsConfig;
  /** The webhook and mailboxes in force now («Настройки»): a change applies from the next submission. */
  settings: () => Promise<LiveSettings>;
  now?: () => number;
  log?: (entry: Record<string, unknown>) => void;
};

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Without JavaScript there is no client id: the same content from the same address on the same day is one submission. */
function derivedId(kind: FormKind, ip: string, now: number, form: FormData, fileSha: string | undefined): string {
  const hash = createHash("sha256").update(JSON.stringify([kind, ip, new Date(now).toISOString().slice(0, 10), formValues(kind, form), fileSha ?? ""])).digest("hex");
  // Shaped as a UUID (version 8: custom) so every id looks alike.
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-8${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

function isBot(form: FormData, minFillMs: number): boolean {
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap !== "") return true;
  const elapsed = form.get(ELAPSED_FIELD);
  // Pages without JavaScript send no timing; the honeypot and the rate limit still apply.
  if (elapsed === null || elapsed === "") return false;
  const ms = Number(elapsed);
  return !Number.isFinite(ms) || ms < minFillMs;
}

const ok = (id: string, form: FormKind, number?: number): SubmitResult => ({ status: 200, answer: { ok: true, id, form, ...(number ? { number } : {}) } });

export function createSubmit(deps: SubmitDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((entry) => console.error(JSON.stringify(entry)));
  const { config } = deps;

  const unavailable = (values: FormValues): SubmitResult => ({
    status: 503,
    answer: { ok: false, message: M.form.unavailable, values },
    headers: { "Retry-After": "30" },
  });

  return async function submit(kind: FormKind, request: Request, context: FormsContext): Promise<SubmitResult> {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { status: 400, answer: { ok: false, message: M.form.wrongType } };
    }
    const clientId = form.get(ID_FIELD);
    const id = typeof clientId === "string" && UUID.test(clientId) ? clientId.toLowerCase() : undefined;
    if (isBot(form, config.minFillMs)) {
      log({ level: "info", message: "form: bot submission ignored", form: kind });
      return ok(id ?? randomUUID(), kind);
    }

    const values = formValues(kind, form);
    const input = readForm(kind, form);
    const errors: FieldErrors = {};
    let parsed: Record<string, unknown> | undefined;
    const at = now();
    const openEvents = context.events.filter((e) => e.closesAt > at).map((e) => e.slug);
    const result = schemaFor(kind, { services: context.services.map((s) => s.slug), openEvents }).safeParse(input);
    if (result.success) parsed = result.data as Record<string, unknown>;
    else Object.assign(errors, fieldErrors(result.error));

    let file: NewSubmission["file"];
    const position = context.positions.find((p) => p.slug === values.position);
    if (kind === "job") {
      if (!position && !errors.position) errors.position = M.position.unknown;
      const cv = input.cv as File | undefined;
      if (cv && !errors.cv) {
        const content = new Uint8Array(await cv.arrayBuffer());
        const type = sniffCvType(content);
        if (!type) errors.cv = M.cv.unreadable;
        else file = { name: cv.name.slice(-200), type: CV_MEDIA_TYPES[type], size: content.byteLength, sha256: createHash("sha256").update(content).digest("hex"), content };
      }
    }
    if (!parsed || Object.keys(errors).length > 0) {
      // A registration's event is no field the visitor sees: its closing is said above the button.
      return { status: 422, answer: { ok: false, message: errors.event ?? M.form.invalid, errors, values } };
    }

    const store = deps.store();
    if (!store) return unavailable(values);
    const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
    const submissionId = id ?? derivedId(kind, ip, at, form, file?.sha256);
    let live: LiveSettings;
    try {
      live = await deps.settings();
    } catch (error) {
      log({ level: "error", message: "form: settings not read", form: kind, error: redactedMessage(error) });
      return unavailable(values);
    }
    const record = buildRecord(kind, parsed, context, { smtp: config.smtp !== undefined, ...live });
    const newsletter = kind === "subscribe" || (kind === "project" && parsed.newsletter === true && parsed.email !== "");
    const token = randomBytes(32).toString("base64url");
    const submission: NewSubmission = {
      id: submissionId,
      form: kind,
      createdAt: at,
      data: record.data,
      page: String(parsed.page || pageFromReferer(request, config.origin)),
      utm: Object.keys(parsed.utm as object).length > 0 ? (parsed.utm as Record<string, string>) : utmFromReferer(request, config.origin),
      visit: parsed.visit as Visit,
      // The variant only of a visitor who was dealt one (with consent): anyone else saw А uncounted.
      campaign: readCampaign(
        String(parsed.page ?? ""),
        analyticsCookieAllowed(request.headers.get("cookie") ?? "", config.requireConsent) ? form.get(CAMPAIGN_FIELDS.variant) : null,
        form.get(CAMPAIGN_FIELDS.label),
      ),
      ip,
      consent: {
        at: new Date(at).toISOString(),
        ip,
        purposes: [PURPOSES[kind], ...(kind === "project" && newsletter ? ["newsletter"] : [])],
        documents: context.documents,
      },
      file,
      deliveries: record.deliveries,
      ...(newsletter
        ? { subscription: { email: String(parsed.email).toLowerCase(), token, tokenHash: tokenHash(token), expiresAt: at + CONFIRMATION_TTL_MS } }
        : {}),
    };
    let number: number;
    try {
      const stored = await store.insertSubmission(submission);
      number = stored.number;
      if (!stored.stored) log({ level: "info", message: "form: repeated submission answered again", form: kind, id: submissionId });
    } catch (error) {
      log({ level: "error", message: "form: submission not stored", form: kind, error: redactedMessage(error) });
      return unavailable(values);
    }
    deps.wake();
    return ok(submissionId, kind, number);
  };
}

/** The consent each form asks for (core/forms/labels.ts names them). */
const PURPOSES: Record<FormKind, string> = { project: "leads", job: "jobs", subscribe: "newsletter", event: "events" };

function buildRecord(kind: FormKind, p: Record<string, unknown>, context: FormsContext, config: Pick<LiveSettings, "webhook" | "mailboxes"> & { smtp: boolean }) {
  const deliveries: Array<{ channel: Channel; payload?: Record<string, unknown> }> = [];
  if (config.webhook && kind !== "subscribe") deliveries.push({ channel: "webhook" });
  if (kind === "project") {
    if (config.smtp) deliveries.push({ channel: "mail", payload: { to: config.mailboxes.sales ?? context.mailboxes.sales } });
    const budget = p.budget as Budget | "";
    return {
      deliveries,
      data: {
        name: p.name,
        phone: p.phone,
        email: p.email,
        company: p.company,
        services: (p.services as string[]).map((slug) => ({ slug, name: context.services.find((s) => s.slug === slug)?.name ?? slug })),
        budget: budget ? { key: budget, label: BUDGETS[budget] } : null,
        message: p.message,
        newsletter: p.newsletter,
      },
    };
  }
  if (kind === "job") {
    if (config.smtp) deliveries.push({ channel: "mail", payload: { to: config.mailboxes.hr ?? context.mailboxes.hr } });
    const position = context.positions.find((x) => x.slug === p.position);
    return {
      deliveries,
      data: { position: { slug: p.position, title: position?.title ?? "" }, name: p.name, email: p.email, phone: p.phone, cvLink: p.cvLink, letter: p.letter },
    };
  }
  if (kind === "event") {
    if (config.smtp) deliveries.push({ channel: "mail", payload: { to: config.mailboxes.sales ?? context.mailboxes.sales } });
    // The registrant's own letter: what they registered for, when and where.
    if (config.smtp) deliveries.push({ channel: "attendee" });
    const event = context.events.find((e) => e.slug === p.event);
    return {
      deliveries,
      data: {
        event: { slug: p.event, title: event?.title ?? "", startsAt: event?.startsAt ?? "", when: event?.when ?? "", place: event?.place ?? "", online: event?.online ?? false },
        name: p.name,
        email: String(p.email).toLowerCase(),
        phone: p.phone,
        company: p.company,
      },
    };
  }
  return { deliveries, data: { email: String(p.email).toLowerCase() } };
}

/** Same-site Referer: where a form without JavaScript was sent from. */
function refererUrl(request: Request, origin: string): URL | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

function pageFromReferer(request: Request, origin: string): string {
  return refererUrl(request, origin)?.pathname.slice(0, 300) ?? "";
}

function utmFromReferer(request: Request, origin: string): Record<string, string> {
  const url = refererUrl(request, origin);
  const utm: Record<string, string> = {};
  for (const [key, value] of url?.searchParams ?? []) if (key.startsWith("utm_") && key.length <= 12) utm[key] = value.slice(0, 200);
  return utm;
}
