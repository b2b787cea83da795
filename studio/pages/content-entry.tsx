import { Fragment, useMemo } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { isCollectionName, isEditableType, SINGLE } from "#core/content/catalog.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { DeletePanel } from "../content/delete-panel.tsx";
import { EntryPreview } from "../content/entry-preview.tsx";
import { FormField } from "../content/fields.tsx";
import { FormState } from "../content/form-state.ts";
import { AddressCheck } from "../content/address-check.tsx";
import { FormSections } from "../content/form-sections.tsx";
import { emptyValues, type FieldNode, formModel, pruned } from "../content/model.ts";
import { historyHref } from "../content/paths.ts";
import { pages } from "#core/studio/paths.ts";
import { RenamePanel } from "../content/rename-panel.tsx";
import { lifeLabel } from "../content/life.ts";
import { PublishEntry } from "../content/publish-entry.tsx";
import { SnippetPreview } from "../content/snippet-preview.tsx";
import { type EntryLoad, NEW_DRAFT, useEntryEditor } from "../content/use-entry-editor.ts";
import { DraftOffer, EntryConflicts, SaveProblems } from "../content/entry-parts.tsx";
import type { EntryData, EntryList, Values } from "#core/studio/content-api.ts";
import { Button, Notice, NoticeArea, Page } from "../ui/index.ts";

/**
 * An entry's editor: its form made from the schema, checked as it is filled
 * in and again by the server on «Сохранить» (which never publishes); a draft
 * saved by itself; who else has it open; a conflict shown side by side;
 * rename and delete with a 301 and the references they touch.
 */

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


export function ContentEntry() {
  const data = useLoaderData() as EntryLoad;
  // A new load (another entry, or this one after saving under a new address) starts the editor afresh.
  return <Editor key={`${data.type}/${data.slug}/${data.hash}`} data={data} />;
}

function Editor({ data }: { data: EntryLoad }) {
  const editor = useEntryEditor(data);
  const { type, model, session, values, baseHash, errors, setErrors, problems, setSubmitted, notice, savers, renaming, setRenaming, deleting, setDeleting, busy, life } = editor;
  const { form, dirty, draftStatus, editors, title, snippet, change, save, focusFirstError } = editor;
  const collection = isCollectionName(type);
  const nodes = useMemo(() => new Map(model.fields), [model]);
  const readOnly = useMemo(() => new Set(type === "legal" && !data.isNew ? ["slug"] : []), [type, data.isNew]);

  return (
    <Page title={title} lead={<EntryLead data={{ ...data, life }} editors={editors.map((e) => e.name)} />}>
      <NoticeArea>{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}</NoticeArea>
      <p className="s-visually-hidden" role="status" aria-live="polite">
        {draftStatus}
      </p>
      <DraftOffer editor={editor} data={data} />
      <SaveProblems problems={problems} />
      <EntryConflicts editor={editor} data={data} />
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
        <FormState.Provider value={{ errors, options: data.options, change, readOnly, type: data.type, values }}>
          <FormSections
            type={type}
            model={model}
            renderField={(key) => (
              <Fragment key={key}>
                <FormField node={nodes.get(key) as FieldNode} path={[key]} value={values[key]} />
                {key === "description" && snippet ? (
                  <SnippetPreview title={String(values.title ?? "")} description={String(values.description ?? "")} path={snippet.path} site={session.site} published={data.life.state !== "draft"} />
                ) : null}
                {type === "redirects" && key === "rules" ? <AddressCheck values={values} /> : null}
              </Fragment>
            )}
          />
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
          {data.type === "landings" ? (
            <>
              {" "}
              · <Link to={`${pages.content}landings/${encodeURIComponent(data.slug)}/results/`}>Просмотры, заявки и тест заголовка</Link>
            </>
          ) : null}
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
