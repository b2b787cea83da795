import { type ReactNode, useId, useState } from "react";
import { markdownImage, oneLine } from "#core/studio/media-api.ts";
import { Button } from "../ui/index.ts";
import { CODE_LANGUAGES } from "./code-languages.ts";
import { type IncomingImage, LongTextFrame, useImageSource } from "./long-text-frame.tsx";
import { type Edit, insertBlock, prefixLines, wrap } from "./markdown-edits.ts";
import { useMarkdownEditor } from "./use-markdown-editor.ts";
import { useMarkdownPreview } from "./use-markdown-preview.ts";

/**
 * A long text: Markdown edited in CodeMirror 6 (the file's text exactly, so
 * nothing is lost or rewritten on the way: decision 020), with a toolbar for
 * headings, emphasis, lists, quotes, links, images (uploaded or from «Медиа») and code blocks
 * with their language, and a live preview rendered by the site's own
 * Markdown pipeline (typography, highlighting) on the server.
 */
type Props = { label: string; hint: string | undefined; error: string | null; value: string; onChange: (value: string) => void; nestedUnder?: number; modeSwitch?: ReactNode; notice?: string | undefined };

export function MarkdownField({ label, hint, error, value, onChange, nestedUnder, modeSwitch, notice }: Props) {
  const id = useId();
  const { host, view } = useMarkdownEditor({ label, hint, error, value, onChange });
  const shown = useMarkdownPreview(value, nestedUnder);
  const [language, setLanguage] = useState("typescript");
  const [status, setStatus] = useState<string | null>(null);

  /** Applies a toolbar edit to the editor (in event handlers only). */
  function apply(edit: Edit) {
    if (view.current) edit(view.current);
  }

  // An image uploaded or picked goes in with the description «Медиа» has; without one, a word to replace, selected.
  const image = useImageSource((incoming: IncomingImage) => {
    const alt = oneLine(incoming.alt) || "Описание изображения";
    // Escaped (markdownImage): whatever «Медиа» holds goes in as the description, never as markup.
    const snippet = markdownImage(alt, incoming.src);
    apply(insertBlock(`${snippet}\n`, 2, snippet.indexOf("](") - 2));
    setStatus(incoming.alt ? `Изображение вставлено (${incoming.size}).` : `Изображение вставлено (${incoming.size}). Опишите его вместо «${alt}».`);
  }, setStatus);

  const toolbar = (
    <>
      <Button variant="quiet" onClick={() => apply(prefixLines(() => "## "))}>Заголовок</Button>
      <Button variant="quiet" onClick={() => apply(prefixLines(() => "### "))}>Подзаголовок</Button>
      <Button variant="quiet" onClick={() => apply(wrap("**", "**", "жирный текст"))}>Жирный</Button>
      <Button variant="quiet" onClick={() => apply(wrap("_", "_", "курсив"))}>Курсив</Button>
      <Button variant="quiet" onClick={() => apply(prefixLines(() => "- "))}>Список</Button>
      <Button variant="quiet" onClick={() => apply(prefixLines((n) => `${n}. `))}>Нумерованный</Button>
      <Button variant="quiet" onClick={() => apply(prefixLines(() => "> "))}>Цитата</Button>
      <Button variant="quiet" onClick={() => apply(wrap("[", "](https://)", "текст ссылки"))}>Ссылка</Button>
      {image.buttons}
      <span className="s-markdown__code">
        <label className="s-visually-hidden" htmlFor={`${id}-lang`}>
          Язык блока кода
        </label>
        <select id={`${id}-lang`} className="s-input s-select s-input--short" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {CODE_LANGUAGES.map((lang) => (
            <option key={lang}>{lang}</option>
          ))}
        </select>
        <Button variant="quiet" onClick={() => apply(insertBlock(`\`\`\`${language}\nкод\n\`\`\`\n`, language.length + 4, 3))}>Блок кода</Button>
      </span>
    </>
  );

  return (
    <LongTextFrame id={id} label={label} modeSwitch={modeSwitch} notice={notice} toolbar={toolbar} opened={image.picker} status={status} error={error} hint={hint}>
      <div className="s-markdown__panes">
        <div
          className="s-markdown__editor"
          ref={host}
          data-invalid={error ? "" : undefined}
          // «Focus to the first error» lands here; the text box inside takes it.
          data-error={error ? "" : undefined}
          tabIndex={error ? -1 : undefined}
          onFocus={(event) => event.target === event.currentTarget && view.current?.focus()}
        />
        {/* Focusable: a long preview scrolls, and so must be scrollable from the keyboard. */}
        <section className="s-markdown__preview" aria-label={`Предпросмотр: ${label}`} tabIndex={0}>
          {shown === null ? (
            <p className="s-field__hint">Здесь появится текст так, как его покажет сайт.</p>
          ) : "error" in shown ? (
            <p className="s-field__error">{shown.error}</p>
          ) : (
            // The site's own renderer made this HTML: raw HTML is escaped and unsafe links dropped there.
            <div className="s-prose" dangerouslySetInnerHTML={{ __html: shown.html }} />
          )}
        </section>
      </div>
    </LongTextFrame>
  );
}
