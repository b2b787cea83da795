import { type Dispatch, type SetStateAction, useCallback, useMemo, useRef, useState } from "react";
import { type EditableType, entryWords, isCollectionName, previewPath, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { slugFromTitle } from "#core/lib/slug.ts";
import type { EntryData, Values } from "#core/studio/content-api.ts";
import { useDraft, usePresence } from "./live.ts";
import { formModel, type ObjectNode, pruned, setIn, validate } from "./model.ts";
import { useEntrySave } from "./use-entry-save.ts";
import { useSavedVersion } from "./use-saved-version.ts";

/** An entry as its editor opens it: the API's data, and whether it is a new one. */
export type EntryLoad = EntryData & { isNew: boolean };

/** The slug a draft of a new entry is kept under (server/studio/api/content.ts). */
export const NEW_DRAFT = "+new";

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type { Notice, SaveOptions } from "./use-entry-save.ts";

/**
 * The state of an entry's editor and its save (the view is studio/pages/content-entry.tsx):
 * the values as typed and as saved, the hash the save starts from (use-saved-version.ts), errors
 * at their fields, a conflict merged three ways when it can be (merge.ts) and shown otherwise,
 * the rename asked about before the save (use-entry-save.ts), the draft kept by itself, who else
 * has it open.
 */
export function useEntryEditor(data: EntryLoad) {
  const type = data.type as EditableType;
  const model = useMemo(() => formModel(type), [type]);
  const [values, setValues] = useState<Values>(data.values);
  const snippet = snippetOf(model, type, values);
  const version = useSavedVersion(data);
  const { saved, setSaved, baseHash, setBaseHash, baseValues, setBaseValues, savers, setSavers, life } = version;
  const form = useRef<HTMLFormElement>(null);
  const { session, errors, setErrors, problems, submitted, setSubmitted, notice, setNotice, conflict, setConflict, renaming, setRenaming, busy, save, focusFirstError } = useEntrySave({
    data,
    type,
    model,
    values,
    setValues,
    version,
    form,
  });
  const [deleting, setDeleting] = useState(false);
  const [offer, setOffer] = useState(data.draft && !same(data.draft.values, data.values) ? data.draft : null);
  const draftSlug = data.isNew ? NEW_DRAFT : data.slug;
  const dirty = !same(values, saved);
  const draftStatus = useDraft(type, draftSlug, values, baseHash, dirty && offer === null);
  const { editors, saved: colleague } = usePresence(type, draftSlug, data.isNew ? null : baseHash);
  const title = titleOf(data, type, saved);

  const change = useFieldChange({ model, type, isNew: data.isNew, submitted, setValues, setErrors });

  /** The form now stands on a saved version (a colleague's, taken in): what it saves over, shown with `form` in the fields. */
  const standOn = (saved: Values, hash: string | null, form: Values = saved) => {
    setValues(form);
    version.standOn(saved, hash);
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
