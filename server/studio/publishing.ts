import type { ReleaseDiff } from "#core/studio/api.ts";
import type { Author } from "../releases/history.ts";
import { changesBetween } from "./content/versions.ts";
import { type PublishJob, startPublishJob } from "../releases/job.ts";
import { listRollbacks, rollback, type RollbackRecord } from "../releases/rollback.ts";
import { cancelScheduled, claimDue, finishScheduled, listScheduled, schedulePublication, type Scheduled } from "../releases/schedule.ts";
import { currentRelease, listReleases, readRecord, type ReleaseRecord } from "../releases/store.ts";
import { clock } from "../clock.ts";
import type { AuditLog } from "./audit.ts";

/** Where publishing happens: the shared releases folder, the content repository, the release maker. */
export type PublishingOptions = { root: string; contentDir: string; runtimeDir: string; code: string };

export type Actor = { id: number; login: string; name: string };

/**
 * What a publication carries (decision 030): chosen entries (their content
 * files, and their keys "type/slug" for people), what it takes off the site,
 * or everything saved.
 */
export type Selection = { files: string[]; keys: string[]; withdraw?: string[]; redirects?: Array<{ from: string; to: string }> } | "all";

/** How often a server looks for planned publications that are due. */
const SCHEDULE_TICK_MS = 5_000;

export class PublishingError extends Error {
  override name = "PublishingError";
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A person of the studio as a git author: their name, and their login at an address that is clearly not mail. */
export const authorOf = (actor: Actor): Author => ({ name: actor.name, email: `${actor.login}@studio.invalid` });

/**
 * «Публикации»: publishing the content as it is saved (through the same
 * release maker as `npm run publish`, in a child process), following its
 * progress, history with readable diffs, rollback, and publications planned
 * for later, which this server carries out when due (any server may: they
 * share the schedule with the releases).
 */
export function createPublishing(options: PublishingOptions, audit: AuditLog, onError: (message: string, error: unknown) => void) {
  const { root } = options;
  let job: PublishJob | null = null;

  /** The counter the publication under way sets, while it runs (null: none); undefined: it sets none. */
  let counterAsked: string | null | undefined;
  /** Why the last publication of a counter put nothing on the site, until the next one starts. */
  let counterFailed: string | undefined;

  function start(actor: Actor, message: string, origin: "studio" | "schedule", selection: Selection, metrika?: string | null): PublishJob {
    if (job?.state === "running") throw new PublishingError(409, "Публикация уже идёт: дождитесь её окончания.");
    const chosen = selection === "all" ? {} : { entries: selection.files, withdraw: selection.withdraw ?? [], redirects: selection.redirects ?? [] };
    const started = startPublishJob({ author: authorOf(actor), message, runtimeDir: options.runtimeDir, ...chosen, ...(metrika !== undefined ? { metrika } : {}) });
    job = started;
    counterAsked = metrika;
    if (metrika !== undefined) counterFailed = undefined;
    void started.done.then((done) => {
      if (job !== started) return;
      if (counterAsked !== undefined && done.state !== "published") counterFailed = done.error ?? "публикация не\u00a0удалась";
      counterAsked = undefined;
    });
    void started.done.then((done) =>
      audit
        .write({
          action: "release.publish",
          actor: { id: actor.id, login: actor.login },
          target: done.record?.id ?? null,
          details: {
            message,
            result: done.state,
            origin,
            entries: selection === "all" ? "all" : selection.keys,
            ...(selection !== "all" && selection.withdraw?.length ? { withdrawn: selection.withdraw } : {}),
            ...(metrika !== undefined ? { metrika } : {}),
            changed: done.record?.changed ?? [],
            seconds: done.record?.seconds ?? null,
          },
        })
        .catch((error: unknown) => onError("studio: audit of a publication failed", error)),
    );
    return started;
  }

  async function runDue() {
    if (job?.state === "running") return;
    const due = await claimDue(root, clock.now());
    if (!due) return;
    const actor = { id: 0, login: due.by, name: due.author.name };
    // Exactly the set's entries; a plan from before sets carried everything saved, and still does.
    const selection: Selection = Array.isArray(due.entries) ? { files: due.entries, keys: due.keys ?? due.entries } : "all";
    const done = await start(actor, due.message, "schedule", selection).done;
    await finishScheduled(root, due.id, done.record ? { release: done.record.id } : { error: done.error ?? "не удалось" });
  }
  const tick = () => void runDue().catch((error: unknown) => onError("studio: a planned publication failed", error));
  const ticking = setInterval(tick, SCHEDULE_TICK_MS);
  ticking.unref();
  // A plan that fell due while no server ran is carried out at start, not a tick later.
  setImmediate(tick);

  return {
    publish: (actor: Actor, message: string, selection: Selection) => start(actor, message, "studio", selection),
    /**
     * A new Metrica counter (null: none) on every page: a publication of its own, which carries
     * nothing saved and renders every page again (the counter is in each one's head).
     */
    publishCounter: (actor: Actor, metrika: string | null) =>
      start(actor, metrika ? `Счётчик Яндекс Метрики: ${metrika}` : "Счётчик Яндекс Метрики снят", "studio", { files: [], keys: [] }, metrika),
    /** The counter on the site (the live release's), and the one a publication under way is setting. */
    counter(): { live: string | null; publishing?: string | null; failed?: string } {
      const live = currentRelease(root);
      const value = live ? (safeRecord(root, live)?.metrikaId ?? null) : null;
      if (job?.state === "running" && counterAsked !== undefined) return { live: value, publishing: counterAsked };
      return counterFailed ? { live: value, failed: counterFailed } : { live: value };
    },
    /** The publication under way, or the last one this server made. */
    job: () => job,
    history(): { live: string | null; releases: ReleaseRecord[]; rollbacks: RollbackRecord[] } {
      return { live: currentRelease(root), releases: listReleases(root).reverse(), rollbacks: listRollbacks(root).reverse() };
    },
    /** What a release changed against the release before it (by their content commits). */
    async diff(id: string): Promise<Omit<ReleaseDiff, "options">> {
      const record = readRecord(root, id);
      const none = { entries: [], files: [] };
      if (!record.commit) return none;
      const before = record.previous ? safeRecord(root, record.previous) : null;
      if (before?.commit === record.commit) return none;
      return changesBetween({ contentDir: options.contentDir, releasesDir: root }, before?.commit ?? null, record.commit);
    },
    /**
     * Back to a kept release: the site at once, and what is published with it
     * (a commit on the site's line), so that the next publication starts from
     * what is live. Saved work stays saved: nothing in the content folder moves.
     */
    async rollback(actor: Actor, id: string): Promise<ReleaseRecord> {
      const { from, to } = await rollback(root, options.code, id, { contentDir: options.contentDir, author: authorOf(actor), now: new Date(clock.now()) });
      await audit.write({ action: "release.rollback", actor: { id: actor.id, login: actor.login }, target: to.id, details: { message: to.message, from } });
      return to;
    },
    scheduled: (): Scheduled[] => listScheduled(root),
    async schedule(actor: Actor, at: number, message: string, selection: Selection): Promise<Scheduled> {
      const set = selection === "all" ? { entries: "all" as const, keys: [] } : { entries: selection.files, keys: selection.keys };
      const entry = await schedulePublication(root, { at, message, author: authorOf(actor), by: actor.login, ...set });
      await audit.write({ action: "release.schedule", actor: { id: actor.id, login: actor.login }, target: entry.id, details: { at, message, entries: set.entries === "all" ? "all" : set.keys } });
      return entry;
    },
    async cancel(actor: Actor, id: string): Promise<boolean> {
      const cancelled = await cancelScheduled(root, id);
      if (cancelled) await audit.write({ action: "release.schedule-cancel", actor: { id: actor.id, login: actor.login }, target: id });
      return cancelled;
    },
    stop: () => clearInterval(ticking),
  };
}

function safeRecord(root: string, id: string): ReleaseRecord | null {
  try {
    return readRecord(root, id);
  } catch {
    // Pruned long ago: the diff then shows what the release's own commit added.
    return null;
  }
}

export type Publishing = ReturnType<typeof createPublishing>;
