import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { api, ApiFailure, signedIn } from "../../api/client.ts";
import type { NeededEntries, PublishJobView, ReleaseDiff, ReleasesPage, ReleaseSummary, ScheduledView } from "#core/studio/api.ts";
import type { UnpublishedList } from "#core/studio/content-api.ts";

/** What each form of «Публикации» sends (its `intent`), and what comes back. */
export type ReleasesResult = {
  intent: string;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  job?: PublishJobView;
  /** A rendered preview to frame. */
  url?: string;
  /** What the chosen entries cannot appear without (a 409 to confirm). */
  needed?: NeededEntries["needed"];
};

export type ReleasesLoad = ReleasesPage & UnpublishedList;

/** The history and what the next publication would bring (saved, not yet published). */
export function releasesLoader({ request }: LoaderFunctionArgs): Promise<ReleasesLoad> {
  return signedIn(request, async () => {
    const [releases, unpublished] = await Promise.all([api<ReleasesPage>("GET", "/releases"), api<UnpublishedList>("GET", "/content/changes")]);
    return { ...releases, ...unpublished };
  });
}

export function releaseDiffLoader({ request, params }: LoaderFunctionArgs): Promise<ReleaseDiff & { id: string }> {
  const id = params.id ?? "";
  return signedIn(request, async () => ({ id, ...(await api<ReleaseDiff>("GET", `/releases/${encodeURIComponent(id)}/diff`)) }));
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export async function releasesAction({ request }: ActionFunctionArgs): Promise<ReleasesResult> {
  const form = await request.formData();
  const intent = text(form, "intent");
  const done = (message: string, job?: PublishJobView): ReleasesResult => ({ intent, ok: true, message, errors: {}, ...(job ? { job } : {}) });
  return signedIn(request, async () => {
    try {
      const chosen = { entries: form.getAll("entries").map(String), withNeeded: form.get("withNeeded") === "1" };
      if (intent === "publish") {
        const job = await api<PublishJobView>("POST", "/releases", { message: text(form, "message"), ...chosen });
        return done("Публикация началась.", job);
      }
      if (intent === "publish-all") {
        const job = await api<PublishJobView>("POST", "/releases", { message: text(form, "message"), all: true });
        return done("Публикация всего сохранённого началась.", job);
      }
      if (intent === "rollback") {
        const release = await api<ReleaseSummary>("POST", `/releases/${encodeURIComponent(text(form, "id"))}/rollback`);
        return done(`На сайте снова публикация «${release.message}». Сохранённые правки остались в\u00a0студии и\u00a0ждут публикации.`);
      }
      if (intent === "schedule") {
        await api<ScheduledView>("POST", "/schedules", { at: text(form, "at"), message: text(form, "message"), ...chosen });
        return done(`Публикация запланирована: записей — ${chosen.entries.length}.`);
      }
      if (intent === "preview") {
        const { url } = await api<{ url: string }>("POST", "/preview", { path: text(form, "path") });
        return { intent, ok: true, message: "", errors: {}, url };
      }
      if (intent === "cancel") {
        await api("DELETE", `/schedules/${encodeURIComponent(text(form, "id"))}`);
        return done("Запланированная публикация отменена.");
      }
      return { intent, ok: false, message: "Неизвестное действие", errors: {} };
    } catch (error) {
      if (error instanceof ApiFailure && error.status !== 401) {
        const needed = (error.data as Partial<NeededEntries> | undefined)?.needed;
        return { intent, ok: false, message: error.message, errors: error.errors, ...(needed ? { needed } : {}) };
      }
      throw error;
    }
  });
}
