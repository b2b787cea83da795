import type { FormKind } from "#core/forms/kinds.ts";
import { kindsFor, type PersonalDataReport } from "#core/studio/inbox.ts";
import { permissionsOf } from "#core/studio/roles.ts";
import { emailKey, phoneKey } from "../../leads/search-keys.ts";
import type { Context } from "../context.ts";
import { HttpError, field, MESSAGES } from "../http.ts";
import { attachmentDisposition } from "../inbox/attachment.ts";
import { refuseOtherKinds } from "../kinds-guard.ts";
import type { Chosen, Subject } from "../personal-data/scope.ts";
import type { ApiRoute } from "../router.ts";
import { clock } from "../../clock.ts";
import { moscowDay } from "#core/lib/moscow-time.ts";

/**
 * «Персональные данные»: a person's request under 152-FZ, by e-mail or phone
 * (POST, so the address or number never sits in a URL, a log or the history):
 * what is held, a copy as JSON, deletion everywhere; and the retention job's
 * last run and next deletion. A request is answered within the kinds the caller's role sees (an
 * HR account: applications only; a record of another kind named in it is a 403, kinds-guard.ts).
 * Audit entries name the kind of key and the submission ids, never the key.
 */
export const PERSONAL_DATA_MESSAGES = {
  oneKey: "Укажите e-mail или телефон — что-то одно",
  email: "Это не\u00a0похоже на\u00a0e-mail",
  phone: "Это не\u00a0похоже на\u00a0номер телефона",
  confirmEmail: "Введите e-mail человека ещё раз — тот, по\u00a0которому искали",
  confirmPhone: "Введите телефон человека ещё раз — тот, по\u00a0которому искали",
  busy: "Сейчас идёт доставка одной из\u00a0этих заявок. Попробуйте через минуту.",
  nothingChosen: "Отметьте записи, которые относятся к\u00a0этому человеку",
} as const;

/** The e-mail or the phone of the request body, as the store keeps it. */
async function subjectOf(ctx: Context): Promise<{ subject: Subject; body: Record<string, unknown> }> {
  const body = await ctx.body();
  const email = field(body, "email", 300).trim();
  const phone = field(body, "phone", 100).trim();
  if ((email === "") === (phone === "")) throw new HttpError(422, MESSAGES.invalid, { email: PERSONAL_DATA_MESSAGES.oneKey });
  if (email) {
    const key = emailKey(email);
    if (!key || !/^[^\s@]+@[^\s@]+$/.test(key) || /[\u0000-\u001f\u007f]/.test(key)) throw new HttpError(422, MESSAGES.invalid, { email: PERSONAL_DATA_MESSAGES.email });
    return { subject: { by: "email", key }, body };
  }
  const key = phoneKey(phone);
  if (!key) throw new HttpError(422, MESSAGES.invalid, { phone: PERSONAL_DATA_MESSAGES.phone });
  return { subject: { by: "phone", key }, body };
}

/** Records found that a person can hold, at most: a list the page sends back ticked. */
const CHOSEN_MAX = 1_000;

/**
 * The records ticked (a phone may find two people), within the kinds the role sees: `submissions`
 * (their ids; absent: all found) and `subscriptions` (absent: yes, for a role that sees them).
 * Nothing ticked is refused at the list; a record or a subscription of another kind, with 403.
 */
async function chosenOf(ctx: Context, body: Record<string, unknown>, kinds: readonly FormKind[]): Promise<Chosen> {
  const ids = body.submissions;
  if (ids !== undefined && !(Array.isArray(ids) && ids.length <= CHOSEN_MAX && ids.every((id) => typeof id === "string" && id.length > 0 && id.length <= 64))) {
    throw new HttpError(400, MESSAGES.invalid);
  }
  if (body.subscriptions !== undefined && typeof body.subscriptions !== "boolean") throw new HttpError(400, MESSAGES.invalid);
  const subscriptionsSeen = kinds.includes("subscribe");
  if (body.subscriptions === true && !subscriptionsSeen) throw new HttpError(403, MESSAGES.forbidden);
  if (ids !== undefined) await refuseOtherKinds(ctx.services.inbox.db, ids as string[], kinds);
  const chosen: Chosen = { kinds, submissions: ids === undefined ? null : (ids as string[]), subscriptions: subscriptionsSeen && body.subscriptions !== false };
  if (chosen.submissions !== null && chosen.submissions.length === 0 && !chosen.subscriptions) {
    throw new HttpError(422, MESSAGES.invalid, { chosen: PERSONAL_DATA_MESSAGES.nothingChosen });
  }
  return chosen;
}

/** The kinds of submission the caller's role sees: all of a request's records beyond them stay out of it. */
const kindsOf = (role: Parameters<typeof permissionsOf>[0]) => kindsFor(permissionsOf(role));

const by = (ctx: Context, user: { id: number; login: string }) => ({ actor: { id: user.id, login: user.login }, ip: ctx.client.ip });

export const personalDataRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/personal-data/search",
    access: "personal-data:requests",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { subject } = await subjectOf(ctx);
      const kinds = kindsOf(session.user.role);
      const report: PersonalDataReport = await ctx.services.personalData.find(subject, { kinds, submissions: null, subscriptions: true });
      await ctx.services.audit.write({
        action: "personal-data.search",
        actor: session.user,
        details: { by: subject.by, submissions: report.submissions.length, subscriptions: report.subscriptions.length, ids: report.submissions.map((s) => s.id) },
        ip: ctx.client.ip,
      });
      ctx.send(200, report);
    },
  },
  {
    method: "POST",
    path: "/personal-data/copy",
    access: "personal-data:requests",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { subject, body } = await subjectOf(ctx);
      const chosen = await chosenOf(ctx, body, kindsOf(session.user.role));
      const copy = await ctx.services.personalData.copy(subject, clock.now(), chosen, ctx.services.config.brand);
      const ids = copy.submissions.map((s) => s.id);
      await ctx.services.audit.write({ action: "personal-data.export", actor: session.user, details: { by: subject.by, submissions: ids.length, ids }, ip: ctx.client.ip });
      ctx.send(200, copy, {
        "Content-Disposition": attachmentDisposition(`personalnye-dannye-${moscowDay(clock.now())}.json`),
        "X-Content-Type-Options": "nosniff",
      });
    },
  },
  {
    method: "POST",
    path: "/personal-data/delete",
    access: "personal-data:requests",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { subject, body } = await subjectOf(ctx);
      const chosen = await chosenOf(ctx, body, kindsOf(session.user.role));
      // Confirmed by typing the e-mail or the phone again: a click alone deletes nobody by mistake.
      const typed = typeof body.confirm === "string" ? body.confirm.slice(0, 300) : "";
      const confirmed = subject.by === "email" ? emailKey(typed) === subject.key : phoneKey(typed) === subject.key;
      if (!confirmed) throw new HttpError(422, MESSAGES.invalid, { confirm: subject.by === "email" ? PERSONAL_DATA_MESSAGES.confirmEmail : PERSONAL_DATA_MESSAGES.confirmPhone });
      try {
        ctx.send(200, await ctx.services.personalData.erase(subject, by(ctx, session.user), clock.now(), chosen));
      } catch (error) {
        // PostgreSQL: lock_not_available, a delivery held the row past the wait.
        if ((error as { code?: string }).code === "55P03") throw new HttpError(409, PERSONAL_DATA_MESSAGES.busy, undefined, { "Retry-After": "60" });
        throw error;
      }
    },
  },
  {
    method: "GET",
    path: "/personal-data/retention",
    access: "personal-data:retention",
    async handle(ctx) {
      ctx.send(200, await ctx.services.personalData.retention((await ctx.services.settings.live()).retentionDays));
    },
  },
];
