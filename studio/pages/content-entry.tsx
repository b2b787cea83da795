import { Fragment, useCallback, useMemo, useRef, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate } from "react-router";
import { type EditableType, entryWords, isCollectionName, isEditableType, previewPath, SINGLE, typeInfo } from "#core/content/catalog.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { ColleagueSave } from "../content/colleague-save.tsx";
import { ConflictView, GoneView } from "../content/conflict.tsx";
import { type Merge, mergeEntry } from "../content/merge.ts";
import { DeletePanel } from "../content/delete-panel.tsx";
import { EntryPreview } from "../content/entry-preview.tsx";
import { FormField } from "../content/fields.tsx";
import { FormState } from "../content/form-state.ts";
import { emptyValues, formModel, pruned, setIn, validate } from "../content/model.ts";
import { contentHref, historyHref } from "../content/paths.ts";
import { RenamePanel } from "../content/rename-panel.tsx";
import { slugFromTitle } from "#core/lib/slug.ts";
import { lifeLabel } from "../content/life.ts";
import { PublishEntry } from "../content/publish-entry.tsx";
import { SnippetPreview } from "../content/snippet-preview.tsx";
import { useSession } from "../shell/session.ts";
import { useDraft, usePresence } from "../content/live.ts";
import { formatDateTime } from "../lib/format.ts";
import type { Conflict, EntryData, EntryList, Refusal, SaveRequest, SaveResult, Saver, Values } from "#core/studio/content-api.ts";
import { Button, Notice, NoticeArea, Page } from "../ui/index.ts";

/**
 * An entry's editor: its form made from the schema, checked as it is filled
 * in and again by the server on «Сохранить» (which never publishes); a draft
 * saved by itself; who else has it open; a conflict shown side by side;
 * rename and delete with a 301 and the references they touch.
 */
export type EntryLoad = EntryData & { isNew: boolean };

/** The slug a draft of a new entry is kept under (server/studio/api/content.ts). */
const NEW_DRAFT = "+new";

export async function entryLoader({ request, params }: LoaderFunctionArgs): Promise<EntryLoad> {
  const type = params.type ?? "";
  if (!isEditableType(type)) throw new Response("Нет такого раздела", { status: 404 });
  const slug = params.slug ?? SINGLE;
  return signedIn(request, async () => {
    try {
      return { ...(await api<EntryData>("GET", `/content/${type}/${encodeURIComponent(slug)}`)), isNew: false };
    } catch (error) {
      if (error instanceof ApiFailure && (error.status === 404 || error.status === 400)) throw new Response(error.message, { status: 404 });
      throw error;
    }
  });
}

export async function newEntryLoader({ request, params }: LoaderFunctionArgs): Promise<EntryLoad> {
  const type = params.type ?? "";
  if (!isCollectionName(type)) throw new Response("Нет такого раздела", { status: 404 });
  return signedIn(request, async () => {
    const [list, saved] = await Promise.all([
      api<EntryList>("GET", `/content/${type}`),
      api<{ draft: { values: Values; baseHash: string | null; updatedAt: number } | null }>("GET", `/content/${type}/${encodeURIComponent(NEW_DRAFT)}/draft`),
    ]);
    return { type, slug: NEW_DRAFT, values: emptyValues(formModel(type)), hash: "", draft: saved.draft, editors: [], unpublished: null, life: { state: "draft", scheduledAt: null }, canPublish: false, path: null, options: list.options, savedBy: null, savers: [], isNew: true };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Who saved the version a save ran into, and when. */
const whoSaved = (found: Conflict) => (found.by ? `${found.by.name}, ${formatDateTime(found.by.at)}` : "другой человек");

export function ContentEntry() {
  const data = useLoaderData() as EntryLoad;
  // A new load (another entry, or this one after saving under a new address) starts the editor afresh.
  return <Editor key={`${data.type}/${data.slug}/${data.hash}`} data={data} />;
}

function Editor({ data }: { data: EntryLoad }) {
  const type = data.type as EditableType;
  const model = useMemo(() => formModel(type), [type]);
  const navigate = useNavigate();
  const collection = isCollectionName(type);
  const session = useSession();
  const [values, setValues] = useState<Values>(data.values);
  // A search-snippet preview for entries with their own title and description (the schemas' seo fields), at the address as typed.
  const snippet = model.fields.some(([k]) => k === "title") && model.fields.some(([k]) => k === "description")
    ? { path: previewPath(type, collection ? String(values.slug ?? "") : SINGLE) }
    : null;
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
  const title = data.isNew && isCollectionName(type) ? entryWords(type).fresh : collection ? String(saved.name ?? saved.title ?? data.slug) : typeInfo(type).title;

  // A new entry's address follows its title until the person types an address of their own.
  const titleField = collection && data.isNew ? (["title", "name", "client"].find((key) => model.fields.some(([k]) => k === key)) ?? null) : null;
  const slugByHand = useRef(false);
  const change = useCallback(
    (path: ReadonlyArray<string | number>, next: unknown) => {
      if (path.length === 1 && path[0] === "slug") slugByHand.current = next !== "";
      setValues((current) => {
        let updated = setIn(current, path, next) as Values;
        if (titleField && path.length === 1 && path[0] === titleField && !slugByHand.current) updated = setIn(updated, ["slug"], slugFromTitle(String(next ?? ""))) as Values;
        if (submitted) setErrors(validate(type, pruned(model, updated)));
        return updated;
      });
    },
    [model, submitted, type, titleField],
  );

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

  const readOnly = useMemo(() => new Set(type === "legal" && !data.isNew ? ["slug"] : []), [type, data.isNew]);

  return (
    <Page title={title} lead={<EntryLead data={{ ...data, life }} editors={editors.map((e) => e.name)} />}>
      <NoticeArea>{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}</NoticeArea>
      <p className="s-visually-hidden" role="status" aria-live="polite">
        {draftStatus}
      </p>
      {offer ? (
        <div className="s-offer" role="region" aria-label="Черновик">
          <p>
            У вас есть несохранённый черновик от {formatDateTime(offer.updatedAt)}.
            {offer.baseHash !== null && offer.baseHash !== data.hash && !data.isNew ? " С тех пор запись изменили: после продолжения сравните при сохранении." : ""}
          </p>
          <Button
            variant="primary"
            onClick={() => {
              setValues(offer.values);
              if (offer.baseHash !== null && !data.isNew) {
                setBaseHash(offer.baseHash);
                // A draft begun on an older version: the server finds that version in the history for a merge.
                if (offer.baseHash !== data.hash) baseValues.current = null;
              }
              setOffer(null);
            }}
          >
            Продолжить черновик
          </Button>
          <Button
            onClick={() => {
              void api("DELETE", `/content/${type}/${encodeURIComponent(draftSlug)}/draft`).catch(() => undefined);
              setOffer(null);
            }}
          >
            Отбросить черновик
          </Button>
        </div>
      ) : null}
      {problems.length > 0 ? (
        <div className="s-problems" role="region" aria-label="Что мешает сохранить">
          <p>Сохранить нельзя: иначе сайт не опубликуется.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {colleague && !conflict && !busy && !data.isNew ? (
        <ColleagueSave
          type={type}
          slug={data.slug}
          model={model}
          saved={colleague}
          base={baseValues.current}
          mine={pruned(model, values) as Values}
          titles={data.options}
          onTaken={(merged, theirs, taken) => {
            setValues(merged);
            setSaved(theirs.values);
            baseValues.current = theirs.values;
            setBaseHash(theirs.hash);
            const by = colleague.by;
            if (by) setSavers((list) => [{ name: by.name, login: null, at: by.at }, ...list.filter((s) => s.name !== by.name)]);
            setNotice({ tone: "info", text: `Их правки перенесены в форму${taken.length > 0 ? `: ${taken.join(", ")}` : ""}. Ваши правки на месте; сохраните, когда закончите.` });
          }}
          onClashes={(merge, theirs) => {
            setConflict({ found: { ok: false, conflict: true, message: "", theirs: theirs.values, theirsHash: theirs.hash, by: colleague.by, base: baseValues.current }, merge });
            requestAnimationFrame(() => document.getElementById("conflict-title")?.focus());
          }}
        />
      ) : null}
      {conflict?.merge && conflict.found.theirs ? (
        <ConflictView
          merge={conflict.merge}
          by={conflict.found.by}
          titles={data.options}
          busy={busy}
          onSave={(merged) => void save({ values: merged, overBase: conflict.found.theirsHash, confirmedRename: renaming !== null })}
          onTakeTheirs={() => {
            const theirs = conflict.found.theirs as Values;
            setValues(theirs);
            setSaved(theirs);
            baseValues.current = theirs;
            setBaseHash(conflict.found.theirsHash);
            setConflict(null);
            setNotice({ tone: "info", text: "В форме их версия. Ваши изменения отброшены." });
          }}
        />
      ) : conflict ? (
        <GoneView onKeepMine={() => void save({ overBase: conflict.found.theirsHash, confirmedRename: renaming !== null })} />
      ) : null}
      {renaming ? (
        <RenamePanel
          type={type}
          from={renaming.from}
          to={renaming.to}
          pages={data.options.page ?? []}
          onCancel={() => setRenaming(null)}
          onConfirm={(redirectTo) => void save({ redirectTo, confirmedRename: true })}
        />
      ) : null}
      <form
        ref={form}
        className="s-form s-entry"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormState.Provider value={{ errors, options: data.options, change, readOnly, type: data.type }}>
          {model.fields.map(([key, node]) => (
            <Fragment key={key}>
              <FormField node={node} path={[key]} value={values[key]} />
              {key === "description" && snippet ? (
                <SnippetPreview title={String(values.title ?? "")} description={String(values.description ?? "")} path={snippet.path} site={session.site} published={data.life.state !== "draft"} />
              ) : null}
            </Fragment>
          ))}
        </FormState.Provider>
        <div className="s-entry__bar">
          <Button type="submit" variant="primary" busy={busy}>
            Сохранить
          </Button>
          <span className="s-field__hint">{dirty ? "Есть несохранённые изменения. " : ""}Сохранённое появится на сайте после публикации.</span>
          {collection && !data.isNew ? (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Удалить…
            </Button>
          ) : null}
        </div>
      </form>
      <EntryPreview
        type={type}
        slug={collection ? String(values.slug ?? "") : SINGLE}
        values={() => pruned(model, values) as Values}
        onFieldErrors={(found) => {
          setSubmitted(true);
          setErrors(found);
          focusFirstError();
        }}
      />
      {!data.isNew && data.canPublish ? (
        <PublishEntry
          type={type}
          slug={data.slug}
          title={title}
          life={life}
          path={data.path}
          pages={data.options.page ?? []}
          dirty={dirty}
          savers={savers}
          me={session.user.login}
          titles={data.options}
          onFieldErrors={(found) => {
            setErrors(found);
            focusFirstError();
          }}
        />
      ) : null}
      {deleting && collection && baseHash ? <DeletePanel type={type} slug={data.slug} title={title} baseHash={baseHash} pages={data.options.page ?? []} everPublished={life.state !== "draft"} onCancel={() => setDeleting(false)} /> : null}
    </Page>
  );
}

function EntryLead({ data, editors }: { data: EntryLoad; editors: string[] }) {
  return (
    <>
      {data.path ? (
        <p>
          Адрес на сайте: <code>{data.path}</code>
        </p>
      ) : null}
      {data.isNew ? null : (
        <p>
          Состояние: <span data-testid="entry-state">{lifeLabel(data.life)}</span> · <Link to={historyHref(data.type, data.slug)}>История версий</Link>
        </p>
      )}
      {editors.length > 0 ? (
        <p className="s-presence" role="status">
          Сейчас эту запись также открыли: {editors.join(", ")}. Если кто-то сохранит раньше вас, здесь появится его правка, а при сохранении правки объединятся: ничья не пропадёт.
        </p>
      ) : null}
    </>
  );
}
