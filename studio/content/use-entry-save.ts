import { type RefObject, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { type EditableType, isCollectionName, SINGLE } from "#core/content/catalog.ts";
import type { Conflict, EntryData, Refusal, SaveRequest, SaveResult, Values } from "#core/studio/content-api.ts";
import { api, ApiFailure } from "../api/client.ts";
import { formatDateTime } from "../lib/format.ts";
import { useSession } from "../shell/session.ts";
import { type Merge, mergeEntry } from "./merge.ts";
import { type ObjectNode, pruned, validate } from "./model.ts";
import { contentHref } from "./paths.ts";
import type { SavedVersion } from "./use-saved-version.ts";

/** Who saved the version a save ran into, and when. */
const whoSaved = (found: Conflict) => (found.by ? `${found.by.name}, ${formatDateTime(found.by.at)}` : "другой человек");

export type Notice = { tone: "success" | "error" | "info"; text: string };
export type SaveOptions = { redirectTo?: string | null; confirmedRename?: boolean; overBase?: string | null; values?: Values; merged?: { found: Conflict; taken: string[]; attempt: number } };

type SaveDeps = {
  data: EntryData & { isNew: boolean };
  type: EditableType;
  model: ObjectNode;
  values: Values;
  setValues: (values: Values) => void;
  version: SavedVersion;
  form: RefObject<HTMLFormElement | null>;
};

/**
 * An entry's save and what it answered (use-entry-editor.ts): errors at their fields, a conflict
 * merged three ways when it can be (merge.ts) and shown otherwise, the rename asked about first.
 */
export function useEntrySave({ data, type, model, values, setValues, version, form }: SaveDeps) {
  const navigate = useNavigate();
  const session = useSession();
  const collection = isCollectionName(type);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  // A save that moved the entry (new, or renamed) brings its message along to the entry's new address.
  const arrived = (useLocation().state as { saved?: string } | null)?.saved;
  const [notice, setNotice] = useState<Notice | null>(arrived ? { tone: "success", text: arrived } : null);
  const [conflict, setConflict] = useState<{ found: Conflict; merge: Merge | null } | null>(null);
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function focusFirstError() {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error]')?.focus());
  }

  async function save(options: SaveOptions = {}) {
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
      baseHash: options.overBase !== undefined ? options.overBase : version.baseHash,
      ...(renamedFrom ? { renamedFrom } : {}),
      ...(options.redirectTo ? { redirect: { to: options.redirectTo } } : {}),
    };
    try {
      const result = await api<SaveResult>("PUT", `/content/${type}/${encodeURIComponent(slug)}`, request);
      if (options.values) setValues(current);
      version.savedAs(current, cleaned, result, request.baseHash, session.user);
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
        const merge = found.theirs === null ? null : mergeEntry(model, found.base ?? version.baseValues.current, cleaned, found.theirs);
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

  return { session, errors, setErrors, problems, submitted, setSubmitted, notice, setNotice, conflict, setConflict, renaming, setRenaming, busy, save, focusFirstError };
}
