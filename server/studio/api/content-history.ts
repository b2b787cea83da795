import { isCollectionName, typeInfo } from "#core/content/catalog.ts";
import type { EntryHistory, EntryVersionData, PendingChange } from "#core/studio/content-api.ts";
import { readEntry } from "../content/files.ts";
import { saveEntry } from "../content/service.ts";
import { referenceOptions } from "../content/entry-reads.ts";
import { titleOf } from "../content/files.ts";
import { entryVersions, liveEntryValues, versionValues } from "../content/versions.ts";
import type { Context } from "../context.ts";
import { HttpError } from "../http.ts";
import { authorOf } from "../publishing.ts";
import type { ApiRoute } from "../router.ts";
import { CONTENT_MESSAGES, contentPlace, entryParams, savedAnswer, sendRefusal } from "./content.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";

/**
 * An entry's history (decision 032): its versions with who and when, one
 * version's values beside the one before it (the studio shows the
 * difference with the schema's labels), and «Восстановить эту версию», which
 * saves that version as the entry's saved state (never publishes it).
 */
export const HISTORY_MESSAGES = {
  unknownVersion: "Такой версии в истории записи нет",
  removedVersion: "В этой версии запись удалена: восстанавливать нечего",
  restored: "Версия восстановлена и сохранена. На сайте она появится после публикации.",
  same: "Эта версия и так сохранена: восстанавливать нечего",
} as const;


/** The commit named in the path, if it is one of the entry's versions (anything else is 404: no other object is read). */
async function versionOf(ctx: Context, type: Parameters<typeof entryVersions>[1], slug: string) {
  const commit = ctx.params.commit ?? "";
  const versions = await entryVersions(contentPlace(ctx), type, slug);
  const index = versions.findIndex((v) => v.commit === commit || v.events.some((e) => e.commit === commit));
  if (!/^[0-9a-f]{40}$/.test(commit) || index < 0) throw new HttpError(404, HISTORY_MESSAGES.unknownVersion);
  return { versions, index, version: versions[index]! };
}

export const contentHistoryRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/content/:type/:slug/pending",
    access: "content:edit",
    async handle(ctx) {
      const { type, slug } = entryParams(ctx);
      const place = contentPlace(ctx);
      // What a publication of it changes on the site: the published files against the saved ones.
      const body: PendingChange = { live: await liveEntryValues(place, type, slug), saved: readEntry(place.contentDir, type, slug)?.values ?? null };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/content/:type/:slug/history",
    access: "content:edit",
    async handle(ctx) {
      const { type, slug } = entryParams(ctx);
      const stored = readEntry(contentPlace(ctx).contentDir, type, slug);
      const versions = await entryVersions(contentPlace(ctx), type, slug);
      // Nothing to show but removals (a purged entry's history ends at its deletion): no such entry.
      if (!stored && versions.every((version) => version.removed)) throw new HttpError(404, CONTENT_MESSAGES.notFound);
      const body: EntryHistory = {
        type,
        slug,
        title: isCollectionName(type) ? titleOf(stored?.values ?? {}, slug) : typeInfo(type).title,
        versions,
        hash: stored?.hash ?? null,
        options: referenceOptions(contentPlace(ctx)),
      };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/content/:type/:slug/history/:commit",
    access: "content:edit",
    async handle(ctx) {
      const { type, slug } = entryParams(ctx);
      const { versions, index, version } = await versionOf(ctx, type, slug);
      const before = versions[index + 1];
      const [values, previous] = await Promise.all([
        versionValues(contentPlace(ctx), type, slug, version.commit),
        before ? versionValues(contentPlace(ctx), type, slug, before.commit) : null,
      ]);
      const body: EntryVersionData = {
        commit: version.commit,
        values: values ?? null,
        previous: before ? { commit: before.commit, values: previous ?? null } : null,
      };
      ctx.send(200, body);
    },
  },
  {
    method: "POST",
    path: "/content/:type/:slug/history/:commit/restore",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { type, slug } = entryParams(ctx);
      const { version } = await versionOf(ctx, type, slug);
      const body = await ctx.body();
      const baseHash = body.baseHash === null || body.baseHash === undefined ? null : typeof body.baseHash === "string" && body.baseHash.length <= 100 ? body.baseHash : undefined;
      if (baseHash === undefined) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      const values = await versionValues(contentPlace(ctx), type, slug, version.commit);
      if (!values) throw new HttpError(422, HISTORY_MESSAGES.removedVersion);
      const when = inMoscow(version.events.at(-1)!.at, "dateTime");
      let saved;
      try {
        saved = await saveEntry(contentPlace(ctx), {
          type,
          slug,
          values,
          baseHash,
          by: authorOf(session.user),
          note: { action: "restore", message: `Восстановлена версия от ${when}: «${titleOf(values, slug)}»` },
        });
      } catch (error) {
        return sendRefusal(ctx, error);
      }
      await ctx.services.drafts.remove(type, slug, session.user.id);
      if (saved.changed) {
        await ctx.services.audit.write({ action: "content.restore", actor: session.user, target: `${type}/${slug}`, details: { version: version.commit }, ip: ctx.client.ip });
      }
      ctx.send(200, savedAnswer(ctx, type, { ...saved, redirected: null }, saved.changed ? HISTORY_MESSAGES.restored : HISTORY_MESSAGES.same));
    },
  },
];
