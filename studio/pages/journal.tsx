import { Form, Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { api, signedIn } from "../api/client.ts";
import { type FilterErrors, useFilterForm, withFilterErrors } from "../lib/filter-errors.ts";
import { formatDateTime, isoDateTime } from "../lib/format.ts";
import type { AuditEntry, AuditPage } from "#core/studio/api.ts";
import { AUDIT_ACTIONS } from "#core/studio/audit-actions.ts";
import { isStatus, STATUSES } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { isRole, ROLES } from "#core/studio/roles.ts";
import { DayField, Button, EmptyState, Page, SelectField, Table, TextField } from "../ui/index.ts";

const FILTERS = ["actor", "action", "from", "to"] as const;

type Loaded = AuditPage & { filterErrors: FilterErrors };

export function journalLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const query = new URL(request.url).searchParams;
  const params = new URLSearchParams();
  for (const name of [...FILTERS, "page"]) {
    const value = query.get(name);
    if (value) params.set(name, value);
  }
  // A wrong filter value (a name where the login goes) is said at its field; the journal is shown without it.
  return signedIn(request, () => withFilterErrors(params, (query) => api<AuditPage>("GET", `/audit?${query}`)));
}

const roleLabel = (role: unknown) => (isRole(role) ? ROLES[role].label : String(role));
const statusLabel = (status: unknown) => (isStatus(status) ? STATUSES[status] : String(status));
const ids = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** Why a sign-in failed, in words (a wrong password unless said otherwise). */
const SIGN_IN_FAILURES: Record<string, string> = {
  "unknown-login": "нет такого логина",
  blocked: "учётная запись заблокирована",
  "wrong-code": "неверный код второго фактора",
  "replayed-code": "код второго фактора уже использован",
  "unreadable-code": "секрет второго фактора не\u00a0прочитан",
};

/** The few details worth a glance, in words. */
function summary(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case "user.role":
      return `${roleLabel(d.from)} → ${roleLabel(d.to)}`;
    case "user.create":
      return roleLabel(d.role);
    case "user.rename":
      return `${String(d.from)} → ${String(d.to)}`;
    case "inbox.status":
      return `${statusLabel(d.from)} → ${statusLabel(d.to)}${typeof d.reason === "string" ? `, причина: ${d.reason}${d.note === true ? " (с\u00a0пояснением)" : ""}` : ""}`;
    case "inbox.list":
      return `заявок на странице: ${ids(d.ids)}${(d.filter as { search?: boolean } | undefined)?.search ? ", с поиском" : ""}`;
    case "inbox.export":
      return `заявок: ${String(d.count)}`;
    case "personal-data.search":
    case "personal-data.export":
      return `по ${d.by === "phone" ? "телефону" : "e-mail"}, заявок: ${ids(d.ids)}`;
    case "personal-data.delete":
      return `по ${d.by === "phone" ? "телефону" : "e-mail"}: заявок ${String(d.submissions)}, файлов ${String(d.files)}, доставок ${String(d.deliveries)}, подписок ${String(d.subscriptions)}`;
    case "content.upload":
      // What the upload did to the content: a new file, the same one again, or its lost sidecar written back.
      return d.stored === "kept" ? "такое уже было в\u00a0«Медиа»" : d.stored === "restored" ? "файл был, его сведения восстановлены" : "";
    case "session.sign-in-failed":
      return SIGN_IN_FAILURES[String(d.reason)] ?? "неверный пароль";
    case "session.sign-in":
      return d.secondFactor === "recovery" ? "с\u00a0кодом восстановления" : d.secondFactor === "totp" ? "с\u00a0кодом из\u00a0приложения" : "";
    case "retention.run":
      return d.ok === false && typeof d.error === "string"
        ? `не\u00a0удалось: ${d.error}`
        : `старше ${String(d.days)}\u00a0дн.: заявок ${String(d.submissions)}, неподтверждённых подписок ${String(d.subscriptions)}${d.wiped === false ? "; следы в\u00a0файлах хранилища сотрёт следующий запуск" : ""}`;
    case "two-factor.required":
      return d.required ? "включено" : "выключено";
    default:
      return "";
  }
}

/** Who did it, by name; the login where the person is no longer a user. */
function actor(entry: AuditEntry): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorLogin) return entry.actorLogin;
  if (entry.details.origin === "daily") return "по\u00a0расписанию";
  return entry.details.via === "console" || entry.details.origin === "command" ? "консоль" : "—";
}

/** «Журнал»: every change, newest first, filtered by who, what and dates (Moscow time). */
export function Journal() {
  const { entries, page, pages: total, total: count, actions, filterErrors } = useLoaderData() as Loaded;
  const [params] = useSearchParams();
  const { errors, onSubmit } = useFilterForm(filterErrors);
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `${pages.journal}?${next}`;
  };
  return (
    <Page title="Журнал" lead="Кто, когда и что менял в студии. Время московское.">
      <Form method="get" className="s-form s-form--filters" role="search" aria-label="Фильтр журнала" onSubmit={onSubmit} noValidate>
        <TextField label="Кто (логин)" name="actor" defaultValue={params.get("actor") ?? ""} autoCapitalize="none" spellCheck={false} error={errors.actor} />
        <SelectField
          label="Действие"
          name="action"
          defaultValue={params.get("action") ?? ""}
          error={errors.action}
          options={[{ value: "", label: "Все действия" }, ...Object.entries(actions).map(([value, label]) => ({ value, label }))]}
        />
        <DayField label="С" name="from" defaultValue={params.get("from") ?? ""} error={errors.from} />
        <DayField label="По" name="to" defaultValue={params.get("to") ?? ""} error={errors.to} />
        <Button type="submit" variant="primary">
          Показать
        </Button>
      </Form>
      {entries.length === 0 ? (
        <EmptyState title="Записей не найдено">{params.size > 0 ? <p>Измените фильтр или сбросьте его.</p> : null}</EmptyState>
      ) : (
        <>
          <p className="s-muted" aria-live="polite">
            Записей: {count}. Страница {page} из {total}.
          </p>
          <Table caption="Записи журнала" hideCaption head={["Когда", "Кто", "Действие", "С чем", "Подробности", "Адрес"]}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
                </td>
                <td>{actor(entry)}</td>
                <td>{AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS] ?? entry.action}</td>
                <td>{entry.about ? entry.about.href ? <Link to={entry.about.href}>{entry.about.label}</Link> : entry.about.label : "—"}</td>
                <td>{summary(entry)}</td>
                <td>{entry.ip ?? "—"}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
      {total > 1 ? (
        <nav className="s-pager" aria-label="Страницы журнала">
          {page > 1 ? <Link to={pageHref(page - 1)}>← Новее</Link> : null}
          <span>
            Страница {page} из {total}
          </span>
          {page < total ? <Link to={pageHref(page + 1)}>Старше →</Link> : null}
        </nav>
      ) : null}
    </Page>
  );
}
