import { contentDiff, type FileDiff } from "../releases/diff.ts";
import { type Author, restoreContent } from "../releases/history.ts";
import { type PublishJob, startPublishJob } from "../releases/job.ts";
import { rollback } from "../releases/rollback.ts";
import { cancelScheduled, claimDue, finishScheduled, listScheduled, schedulePublication, type Scheduled } from "../releases/schedule.ts";
import { currentRelease, listReleases, readRecord, type ReleaseRecord } from "../releases/store.ts";
import { clock } from "../clock.ts";
import type { AuditLog } from "./audit.ts";

/** Where publishing happens: the shared releases folder, the content repository, the release maker. */
export type PublishingOptions = { root: string; contentDir: string; runtimeDir: string; code: string };

export type Actor = { id: number; login: string; name: string };

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

  function start(actor: Actor, message: string, origin: "studio" | "schedule"): PublishJob {
    if (job?.state === "running") throw new PublishingError(409, "Публикация уже идёт: дождитесь её окончания.");
    const started = startPublishJob({ author: authorOf(actor), message, runtimeDir: options.runtimeDir });
    job = started;
    void started.done.then((done) =>
      audit
        .write({
          action: "release.publish",
          actor: { id: actor.id, login: actor.login },
          target: done.record?.id ?? null,
          details: { message, result: done.state, origin, changed: done.record?.changed ?? [], seconds: done.record?.seconds ?? null },
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
    const done = await start(actor, due.message, "schedule").done;
    await finishScheduled(root, due.id, done.record ? { release: done.record.id } : { error: done.error ?? "не удалось" });
  }
  const tick = () => void runDue().catch((error: unknown) => onError("studio: a planned publication failed", error));
  const ticking = setInterval(tick, SCHEDULE_TICK_MS);
  ticking.unref();
  // A plan that fell due while no server ran is carried out at start, not a tick later.
  setImmediate(tick);

  return {
    publish: (actor: Actor, message: string) => start(actor, message, "studio"),
    /** The publication under way, or the last one this server made. */
    job: () => job,
    history(): { live: string | null; releases: ReleaseRecord[] } {
      return { live: currentRelease(root), releases: listReleases(root).reverse() };
    },
    /** What a release changed against the release before it (by their content commits). */
    diff(id: string): FileDiff[] {
      const record = readRecord(root, id);
      if (!record.commit) return [];
      const before = record.previous ? safeRecord(root, record.previous) : null;
      if (before?.commit === record.commit) return [];
      return contentDiff(options.contentDir, before?.commit ?? null, record.commit);
    },
    /**
     * Back to a kept release: the site at once, and the content folder too (as
     * a new commit), so that the next publication starts from what is live.
     */
    async rollback(actor: Actor, id: string): Promise<ReleaseRecord> {
      const { to } = await rollback(root, options.code, id);
      if (to.commit) restoreContent(options.contentDir, to.commit, authorOf(actor), `Откат к публикации ${to.id}`);
      await audit.write({ action: "release.rollback", actor: { id: actor.id, login: actor.login }, target: to.id, details: { message: to.message } });
      return to;
    },
    scheduled: (): Scheduled[] => listScheduled(root),
    async schedule(actor: Actor, at: number, message: string): Promise<Scheduled> {
      const entry = await schedulePublication(root, { at, message, author: authorOf(actor), by: actor.login });
      await audit.write({ action: "release.schedule", actor: { id: actor.id, login: actor.login }, target: entry.id, details: { at, message } });
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
