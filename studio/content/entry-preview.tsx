import { useId, useState } from "react";
import { type EditableType, previewPath } from "#core/content/catalog.ts";
import { api, ApiFailure } from "../api/client.ts";
import { PreviewPanel } from "../preview/preview-panel.tsx";
import type { Values } from "#core/studio/content-api.ts";
import { Button, Notice } from "../ui/index.ts";

/**
 * The entry's page as the site will render it with the editor's values,
 * saved or not (server/studio/api/preview.ts), at 360, 768 and 1440 px.
 * Field errors the server finds go back to the form.
 */
export function EntryPreview({ type, slug, values, onFieldErrors }: { type: EditableType; slug: string; values: () => Values; onFieldErrors: (errors: Record<string, string>) => void }) {
  const path = previewPath(type, slug);
  const [shown, setShown] = useState<{ url: string } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!path) return null;

  async function show() {
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>("POST", "/preview", { path, entry: { type, slug, values: values() } });
      setShown({ url });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      if (Object.keys(failure.errors).length > 0 && !failure.errors.path) onFieldErrors(failure.errors);
      setShown({ error: failure.errors.path ?? failure.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="s-section" aria-labelledby={id}>
      <h2 className="s-section__title" id={id}>
        Предпросмотр страницы
      </h2>
      <p className="s-field__hint">
        Страница <code>{path}</code> с&nbsp;правками из&nbsp;формы, даже несохранёнными, такой, какой её покажет сайт после публикации.
      </p>
      <Button onClick={() => void show()} busy={busy}>
        {shown && "url" in shown ? "Обновить предпросмотр" : "Показать страницу"}
      </Button>
      {shown && "error" in shown ? <Notice tone="error">{shown.error}</Notice> : null}
      {shown && "url" in shown ? <PreviewPanel url={shown.url} title={`Предпросмотр ${path}`} /> : null}
    </section>
  );
}
