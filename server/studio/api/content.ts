import {
  COLLECTION_CATALOG,
  DOCUMENT_CATALOG,
  type EditableType,
  entryPath,
  hasOwnPage,
  isCollectionName,
  isEditableType,
  SINGLE,
  TABLE_CATALOG,
  typeInfo,
} from "#core/content/catalog.ts";
import type { Conflict, ContentOverview, EntryData, EntryList, Refusal, SaveResult, Saver, UnpublishedList } from "#core/studio/content-api.ts";
import { liveContent } from "../../releases/unpublished.ts";
import { CHECK_MESSAGES, EntryInvalid } from "../content/check.ts";
import { SLUG_MAX } from "#core/content/fields.ts";
import { contentFileHashes, entryFiles, listSlugs, readEntry, validSlug } from "../content/files.ts";
import { deleteEntry, type Kept, EntryConflict, SAVE_MESSAGES, saveEntry } from "../content/service.ts";
import { entryChange, entryLife, listEntries, referenceOptions, references, unpublished } from "../content/entry-reads.ts";
import { type ContentPlace } from "../content/place.ts";
import { titleOf } from "../content/files.ts";
import { entryLives } from "../content/life.ts";
import { conflictContext, pendingSavers, saversOf } from "../content/versions.ts";
import { can } from "../permissions.ts";
import { authorOf } from "../publishing.ts";
import type { Context } from "../context.ts";
import { CONTENT_BODY_LIMIT, HttpError } from "../http.ts";
import type { ApiRoute } from "../router.ts";
import { keepInTrash } from "./trash.ts";

/**
 * «Контент»: lists, entries, saving, renaming and deleting (with a 301 and
 * the references that would break). Paths come from the catalog, never from
 * the request: an unknown type is 404, a slug that is not one is 400.
 */
export const CONTENT_MESSAGES = {
  unknownType: "Такого раздела в студии нет",
  badSlug: "Адрес записи задан неверно",
  notFound: "Такой записи нет: возможно, её удалили",
  badRequest: "Запрос не\u00a0похож на\u00a0то, что отправляет редактор",
} as const;

export const contentPlace = (ctx: Context): ContentPlace => ({ contentDir: ctx.services.config.contentDir, releasesDir: ctx.services.config.releasesDir, origin: ctx.services.config.origin });

function typeParam(ctx: Context): EditableType {
  const type = ctx.params.type ?? "";
  if (!isEditableType(type)) throw new HttpError(404, CONTENT_MESSAGES.unknownType);
  return type;
}

function slugParam(ctx: Context, type: EditableType): string {
  const slug = ctx.params.slug ?? "";
  if (!validSlug(type, slug)) throw new HttpError(400, CONTENT_MESSAGES.badSlug);
  return slug;
}

function slugRefusal(slug: string): EntryInvalid {
  return new EntryInvalid(CHECK_MESSAGES.fields, { slug: slug.length > SLUG_MAX ? CHECK_MESSAGES.longSlug : CHECK_MESSAGES.badSlug });
}

/** What a save (or a restored version) answers: the entry's new hash and state, and what to say. */
export function savedAnswer(ctx: Context, type: EditableType, saved: { slug: string; hash: string; redirected: string | null }, message: string): SaveResult {
  return {
    ok: true,
    slug: saved.slug,
    hash: saved.hash,
    unpublished: entryChange(contentPlace(ctx), type, saved.slug),
    life: entryLife(contentPlace(ctx), type, saved.slug),
    redirected: saved.redirected,
    message,
  };
}

/** The entry an address names: its type (404 when unknown) and slug (400 when not one). */
export function entryParams(ctx: Context): { type: EditableType; slug: string } {
  const type = typeParam(ctx);
  return { type, slug: slugParam(ctx, type) };
}

const optionalString = (value: unknown, max = 200): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || value.length > max) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
  return value;
};

function redirectTarget(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
  return optionalString((value as { to?: unknown }).to, 500);
}

/** Refusals the editor shows at fields and above the form; conflicts with the other version. */
export function sendRefusal(ctx: Context, error: unknown): void {
  if (error instanceof EntryInvalid) {
    const body: Refusal = { ok: false, message: error.message, errors: error.errors, problems: error.problems };
    ctx.send(422, body);
    return;
  }
  if (error instanceof EntryConflict) return sendConflict(ctx, error, { by: null, base: null });
  throw error;
}

/** A conflict, with what the editor's three-way merge needs when the caller found it. */
export function sendConflict(ctx: Context, error: EntryConflict, known: Pick<Conflict, "by" | "base">): void {
  const body: Conflict = { ok: false, conflict: true, message: error.message, theirs: error.theirs, theirsHash: error.theirsHash, ...known };
  ctx.send(409, body);
}

export const contentRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/content",
    access: "content:edit",
    async handle(ctx) {
      const changes = unpublished(contentPlace(ctx));
      const count = (type: EditableType) => changes.filter((c) => c.type === type).length;
      const body: ContentOverview = {
        types: [
          ...Object.entries(COLLECTION_CATALOG).map(([type, info]) => ({
            type,
            title: info.title,
            kind: "collection" as const,
            count: listSlugs(contentPlace(ctx).contentDir, type as keyof typeof COLLECTION_CATALOG).length,
            unpublished: count(type as EditableType),
          })),
          ...Object.entries(DOCUMENT_CATALOG).map(([type, info]) => ({ type, title: info.title, kind: "document" as const, count: 1, unpublished: count(type as EditableType) })),
          ...Object.entries(TABLE_CATALOG).map(([type, info]) => ({ type, title: info.title, kind: "table" as const, count: 1, unpublished: count(type as EditableType) })),
        ],
        released: liveContent(contentPlace(ctx).releasesDir) !== null,
      };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/content/changes",
    access: "content:edit",
    async handle(ctx) {
      const body: UnpublishedList = { changes: await describedChanges(contentPlace(ctx)) };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/content/:type",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const type = typeParam(ctx);
      if (!isCollectionName(type)) throw new HttpError(404, CONTENT_MESSAGES.unknownType);
      const { entries, deleted } = await listEntries(contentPlace(ctx), type);
      const [open, drafts] = await Promise.all([ctx.services.drafts.everywhere(session.user.id), ctx.services.drafts.mine(session.user.id)]);
      const body: EntryList = {
        type,
        title: COLLECTION_CATALOG[type].title,
        one: COLLECTION_CATALOG[type].one,
        entries: entries.map((entry) => ({ ...entry, openBy: open[`${type}/${entry.slug}`] ?? [], draftAt: drafts[`${type}/${entry.slug}`] ?? null })),
        deleted,
        trashed: await ctx.services.trash.count(type),
        options: referenceOptions(contentPlace(ctx)),
      };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/content/:type/:slug",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const type = typeParam(ctx);
      const slug = slugParam(ctx, type);
      const stored = readEntry(contentPlace(ctx).contentDir, type, slug);
      if (!stored) throw new HttpError(404, CONTENT_MESSAGES.notFound);
      const files = entryFiles(type, slug);
      const unpublished = entryChange(contentPlace(ctx), type, slug);
      const [draft, editors, saverOf, [pending = []]] = await Promise.all([
        ctx.services.drafts.get(type, slug, session.user.id),
        ctx.services.drafts.others(type, slug, session.user.id),
        saversOf(contentPlace(ctx)),
        pendingSavers(contentPlace(ctx), [files]),
      ]);
      const body: EntryData = {
        type,
        slug,
        values: stored.values,
        hash: stored.hash,
        draft: draft ? { values: draft.values as Record<string, unknown>, baseHash: draft.baseHash, updatedAt: draft.updatedAt } : null,
        editors,
        unpublished,
        life: entryLife(contentPlace(ctx), type, slug),
        canPublish: can(session.user.role, "content:publish"),
        path: isCollectionName(type) && hasOwnPage(type) ? entryPath(type, slug) : null,
        options: referenceOptions(contentPlace(ctx)),
        ...savedAndPending(saverOf(files), unpublished === null ? null : pending),
      };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/content/:type/:slug/references",
    access: "content:edit",
    async handle(ctx) {
      const type = typeParam(ctx);
      const slug = slugParam(ctx, type);
      ctx.send(200, { references: isCollectionName(type) ? references(contentPlace(ctx), type, slug) : [] });
    },
  },
  {
    method: "PUT",
    path: "/content/:type/:slug",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const type = typeParam(ctx);
      // An address the form would refuse (too long, wrong letters) is said at its field, like any other.
      if (!validSlug(type, ctx.params.slug ?? "")) return sendRefusal(ctx, slugRefusal(ctx.params.slug ?? ""));
      const slug = slugParam(ctx, type);
      const body = await ctx.body(CONTENT_BODY_LIMIT);
      const baseHash = body.baseHash === null || body.baseHash === undefined ? null : optionalString(body.baseHash, 100) ?? null;
      const renamedFrom = optionalString(body.renamedFrom, 100);
      const redirectTo = redirectTarget(body.redirect);
      if (typeof body.values !== "object" || body.values === null || Array.isArray(body.values)) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      let saved;
      try {
        saved = await saveEntry(contentPlace(ctx), { type, slug, values: body.values, baseHash, renamedFrom, redirectTo, by: authorOf(session.user) });
      } catch (error) {
        if (error instanceof EntryConflict) return sendConflict(ctx, error, await conflictContext(contentPlace(ctx), type, renamedFrom ?? slug, baseHash));
        return sendRefusal(ctx, error);
      }
      await ctx.services.drafts.remove(type, renamedFrom ?? slug, session.user.id);
      if (renamedFrom) await ctx.services.drafts.remove(type, slug, session.user.id);
      await ctx.services.drafts.remove(type, NEW_DRAFT, session.user.id);
      if (saved.changed) {
        await ctx.services.audit.write({
          action: "content.save",
          actor: session.user,
          target: `${type}/${saved.slug}`,
          details: { ...(renamedFrom ? { renamedFrom } : {}), ...(saved.redirected ? { redirect: saved.redirected } : {}), ...(baseHash === null ? { created: true } : {}) },
          ip: ctx.client.ip,
        });
      }
      ctx.send(200, savedAnswer(ctx, type, saved, saved.changed ? SAVE_MESSAGES.saved : SAVE_MESSAGES.unchanged));
    },
  },
  {
    method: "POST",
    path: "/content/:type/:slug/delete",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const type = typeParam(ctx);
      const slug = slugParam(ctx, type);
      if (!isCollectionName(type)) throw new HttpError(400, SAVE_MESSAGES.notCollection);
      const body = await ctx.body();
      const baseHash = optionalString(body.baseHash, 100);
      if (!baseHash) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      // A 301 only from an address that was ever on the site: a never-published entry has none to keep
      // (the target still leads on the redirects that lead to its address).
      const everPublished = entryLives(contentPlace(ctx), contentFileHashes(contentPlace(ctx).contentDir))(type, slug).state !== "draft";
      const redirectTo = redirectTarget(body.redirect);
      let done;
      try {
        const keep = (kept: Kept) => keepInTrash(ctx, session, { type, slug, everPublished, ...kept });
        done = await deleteEntry(contentPlace(ctx), { type, slug, baseHash, redirectTo, everPublished, by: authorOf(session.user), keep });
      } catch (error) {
        if (error instanceof EntryInvalid) {
          const refusal: Refusal = { ok: false, message: error.message, errors: error.errors, problems: error.problems, references: references(contentPlace(ctx), type, slug) };
          return ctx.send(422, refusal);
        }
        return sendRefusal(ctx, error);
      }
      await ctx.services.drafts.remove(type, slug, session.user.id);
      await ctx.services.audit.write({
        action: "content.delete",
        actor: session.user,
        target: `${type}/${slug}`,
        details: done.redirected ? { redirect: done.redirected } : {},
        ip: ctx.client.ip,
      });
      ctx.send(200, { ok: true, message: SAVE_MESSAGES.deleted, redirected: done.redirected });
    },
  },
];

/** Saved but not on the site, each with the key a publication names it by, its title, its state and who saved it. */
async function describedChanges(where: ContentPlace): Promise<UnpublishedList["changes"]> {
  const saved = contentFileHashes(where.contentDir);
  const life = entryLives(where, saved);
  const changes = unpublished(where);
  const files = changes.map((change) => entryFiles(change.type as EditableType, change.slug ?? SINGLE));
  const [saverOf, pending] = await Promise.all([saversOf(where), pendingSavers(where, files)]);
  return changes.map((change, i) => {
    const slug = change.slug ?? SINGLE;
    const type = change.type as EditableType;
    const title = isCollectionName(type) ? titleOf(readEntry(where.contentDir, type, slug)?.values ?? {}, slug) : typeInfo(type).title;
    return { ...change, key: `${type}/${slug}`, title, life: life(type, slug), ...savedAndPending(saverOf(files[i] ?? []), pending[i] ?? []) };
  });
}

/**
 * Who saved an entry last, and everyone whose saves are not on the site yet (null: nothing is
 * pending); when the history kept does not reach back to the published version, the last saver
 * stands for them.
 */
function savedAndPending(savedBy: Saver | null, pending: Saver[] | null): { savedBy: Saver | null; savers: Saver[] } {
  if (pending === null) return { savedBy, savers: [] };
  return { savedBy, savers: pending.length > 0 || savedBy === null ? pending : [savedBy] };
}

/** The slug a draft of a not yet saved entry is kept under. */
export const NEW_DRAFT = "+new";
