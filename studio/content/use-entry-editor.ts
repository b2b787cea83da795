import { type Dispatch, type SetStateAction, useCallback, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { type EditableType, entryWords, isCollectionName, previewPath, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { slugFromTitle } from "#core/lib/slug.ts";
import type { Conflict, EntryData, Refusal, SaveRequest, SaveResult, Saver, Values } from "#core/studio/content-api.ts";
import { api, ApiFailure } from "../api/client.ts";
import { formatDateTime } from "../lib/format.ts";
import { useSession } from "../shell/session.ts";
import { useDraft, usePresence } from "./live.ts";
import { type Merge, mergeEntry } from "./merge.ts";
import { formModel, type ObjectNode, pruned, setIn, validate } from "./model.ts";
import { contentHref } from "./paths.ts";

/** An entry as its editor opens it: the API's data, and whether it is a new one. */
export type EntryLoad = EntryData & { isNew: boolean };

/** The slug a draft of a new entry is kept under (server/studio/api/content.ts). */
export const NEW_DRAFT = "+new";

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Who saved the version a save ran into, and when. */
const whoSaved = (found: Conflict) => (found.by ? `${found.by.name}, ${formatDateTime(found.by.at)}` : "другой человек");

export type Notice = { tone: "success" | "error" | "info"; text: string };
export type SaveOptions = { redirectTo?: string | null; confirmedRename?: boolean; overBase?: string | null; values?: Values; merged?: { found: Conflict; taken: string[]; attempt: number } };

/**
 * The state of an entry's editor and its save (the view is studio/pages/content-entry.tsx):
 * the values as typed and as saved, the hash the save starts from, errors at their fields, a
 * conflict merged three ways when it can be (merge.ts) and shown otherwise, the rename asked
 * about before the save, the draft kept by itself, who else has it open.
 */
export function useEntryEditor(data: EntryLoad) {
  const type = data.type as EditableType;
  const model = useMemo(() => formModel(type), [type]);
  const navigate = useNavigate();
  const collection = isCollectionName(type);
  const session = useSession();
  const [values, setValues] = useState<Values>(data.values);
  const snippet = snippetOf(model, type, values);
  const [saved, setSaved] = useState<Values>(data.values);
  const [baseHash, setBaseHash] = useState<string | null>(data.isNew ? null : data.hash);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  // A save that moved the entry (new, or renamed) brings its message along to the entry's new address.
  const arrived = (useLocation().state as { saved?: string } | null)?.saved;
  const [notice, setNotice] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(arrived ? { tone: "success", text: arrived } : null);
  const [conflict, setConflict] = useState<{ found: Conflict; merge: Merge | null } | null>(null);
  // The entry as it was at baseHash: what both sides of a conflict started from (merge.ts).
  const baseValues = useRef<Values | null>(data.isNew ? null : data.values);
  // Who saved what a publication from here would put live (a save here makes it this person).
  const [savers, setSavers] = useState<Saver[]>(data.savers);
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  // The entry's state as of the last save or load (a publication from here reloads the page's data).
  const loadedLife = JSON.stringify(data.life);
  const [savedLife, setSavedLife] = useState<{ over: string; life: EntryLoad["life"] } | null>(null);
  const life = savedLife?.over === loadedLife ? savedLife.life : data.life;
  const [offer, setOffer] = useState(data.draft && !same(data.draft.values, data.values) ? data.draft : null);
  const form = useRef<HTMLFormElement>(null);
  const draftSlug = data.isNew ? NEW_DRAFT : data.slug;
  const dirty = !same(values, saved);
  const draftStatus = useDraft(type, draftSlug, values, baseHash, dirty && offer === null);
  const { editors, saved: colleague } = usePresence(type, draftSlug, data.isNew ? null : baseHash);
  const title = titleOf(data, type, saved);

  const change = useFieldChange({ model, type, isNew: data.isNew, submitted, setValues, setErrors });

  function focusFirstError() {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error]')?.focus());
  }

  async function save(options: { redirectTo?: string | null; confirmedRename?: boolean; overBase?: string | null; values?: Values; merged?: { found: Conflict; taken: string[]; attempt: number } } = {}) {
    const current = options.values ?? values;
    const cleaned = pruned(model, current) as Values;
    const found = validate(type, cleaned);
    setSubmitted(true);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      setNotice({ tone: "error", text: `Проверьте поля, отмеченные красным: ${Object.keys(found).length}` });
      focusFirstError();
      return;
    }
    const slug = collection ? String(cleaned.slug ?? "") : SINGLE;
    const renamedFrom = collection && !data.isNew && slug !== data.slug ? data.slug : undefined;
    if (renamedFrom && !options.confirmedRename) {
      setRenaming({ from: renamedFrom, to: slug });
      return;
    }
    setBusy(true);
    const request: SaveRequest = {
      values: cleaned,
      baseHash: options.overBase !== undefined ? options.overBase : baseHash,
      ...(renamedFrom ? { renamedFrom } : {}),
      ...(options.redirectTo ? { redirect: { to: options.redirectTo } } : {}),
    };
    try {
      const result = await api<SaveResult>("PUT", `/content/${type}/${encodeURIComponent(slug)}`, request);
      setSaved(current);
      if (options.values) setValues(current);
      setBaseHash(result.hash);
      baseValues.current = cleaned;
      if (result.hash !== request.baseHash) setSavers((list) => [{ name: session.user.name, login: session.user.login, at: Date.now() }, ...list.filter((s) => s.login !== session.user.login)]);
      setSavedLife({ over: loadedLife, life: result.life });
      setConflict(null);
      setRenaming(null);
      const merged = options.merged ? ` Пока вы редактировали, запись сохранили: ${whoSaved(options.merged.found)}. Их правки объединены с вашими${options.merged.taken.length > 0 ? ` (${options.merged.taken.join(", ")})` : ""}.` : "";
      const message = (result.redirected ? `${result.message} Старый адрес ${result.redirected} будет перенаправлен.` : result.message) + merged;
      setNotice({ tone: "success", text: message });
      if (data.isNew || renamedFrom) navigate(contentHref(type, slug), { replace: true, state: { saved: message } });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      if (failure.status === 401) return navigate(0);
      if (failure.status === 409) {
        const found = failure.data as unknown as Conflict;
        // Merged three ways against the version both started from; what only one side changed needs no one's word.
        const merge = found.theirs === null ? null : mergeEntry(model, found.base ?? baseValues.current, cleaned, found.theirs);
        const attempt = (options.merged?.attempt ?? 0) + 1;
        if (merge && merge.clashes.length === 0 && attempt <= 3) {
          return void save({ ...options, values: merge.values, overBase: found.theirsHash, merged: { found, taken: merge.taken, attempt } });
        }
        setConflict({ found, merge });
        setNotice({ tone: "error", text: merge ? "Пока вы редактировали, запись сохранили. Выберите, что оставить там, где вы оба изменили одно и то же." : failure.message });
        requestAnimationFrame(() => document.getElementById("conflict-title")?.focus());
        return;
      }
      const refusal = failure.data as Partial<Refusal>;
      setErrors(failure.errors);
      setProblems(refusal.problems ?? []);
      setNotice({ tone: "error", text: failure.message });
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  /** The form now stands on a saved version (a colleague's, taken in): what it saves over, shown with `form` in the fields. */
  const standOn = (version: Values, hash: string | null, form: Values = version) => {
    setValues(form);
    setSaved(version);
    baseValues.current = version;
    setBaseHash(hash);
  };
  /** The entry as both sides of a conflict started from, set where the form takes a version. */
  const setBaseValues = (next: Values | null) => {
    baseValues.current = next;
  };
  return {
    type, model, session, setBaseValues, standOn, values, setValues, saved, setSaved, baseHash, setBaseHash, errors, setErrors, problems, setSubmitted,
    notice, setNotice, conflict, setConflict, baseValues, savers, setSavers, renaming, setRenaming, deleting, setDeleting, busy, life,
    offer, setOffer, form, draftSlug, dirty, draftStatus, editors, colleague, title, snippet, change, save, focusFirstError,
  };
}

/** The editor's heading: «Новая статья» for a new one, the entry's name or title, a single page's own title. */
function titleOf(data: EntryLoad, type: EditableType, saved: Values): string {
  if (data.isNew && isCollectionName(type)) return entryWords(type).fresh;
  return isCollectionName(type) ? String(saved.name ?? saved.title ?? data.slug) : typeInfo(type).title;
}

/** A search-snippet preview for entries with their own title and description (the schemas' seo fields), at the address as typed. */
function snippetOf(model: ObjectNode, type: EditableType, values: Values): { path: string | null } | null {
  if (!model.fields.some(([k]) => k === "title") || !model.fields.some(([k]) => k === "description")) return null;
  return { path: previewPath(type, isCollectionName(type) ? String(values.slug ?? "") : SINGLE) };
}

type ChangeOptions = {
  model: ObjectNode;
  type: EditableType;
  isNew: boolean;
  submitted: boolean;
  setValues: Dispatch<SetStateAction<Values>>;
  setErrors: (errors: Record<string, string>) => void;
};

/** A field's change, checked again once a save was tried; a new entry's address follows its title until the person types one. */
function useFieldChange({ model, type, isNew, submitted, setValues, setErrors }: ChangeOptions) {
  const titleField = isCollectionName(type) && isNew ? (["title", "name", "client"].find((key) => model.fields.some(([k]) => k === key)) ?? null) : null;
  const slugByHand = useRef(false);
  return useCallback(
    (path: ReadonlyArray<string | number>, next: unknown) => {
      if (path.length === 1 && path[0] === "slug") slugByHand.current = next !== "";
      setValues((current) => {
        let updated = setIn(current, path, next) as Values;
        if (titleField && path.length === 1 && path[0] === titleField && !slugByHand.current) updated = setIn(updated, ["slug"], slugFromTitle(String(next ?? ""))) as Values;
        if (submitted) setErrors(validate(type, pruned(model, updated)));
        return updated;
      });
    },
    [model, submitted, type, titleField, setValues, setErrors],
  );
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;
