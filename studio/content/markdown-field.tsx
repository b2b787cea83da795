import { markdown as markdownLanguage } from "@codemirror/lang-markdown";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { syntaxHighlighting, defaultHighlightStyle } from "@codemirror/language";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { api, ApiFailure } from "../api/client.ts";
import type { PreviewResult } from "#core/studio/content-api.ts";
import { markdownImage, oneLine } from "#core/studio/media-api.ts";
import { Button } from "../ui/index.ts";
import { CODE_LANGUAGES } from "./code-languages.ts";
import { type IncomingImage, LongTextFrame, useImageSource } from "./long-text-frame.tsx";

/**
 * A long text: Markdown edited in CodeMirror 6 (the file's text exactly, so
 * nothing is lost or rewritten on the way: decision 020), with a toolbar for
 * headings, emphasis, lists, quotes, links, images (uploaded or from «Медиа») and code blocks
 * with their language, and a live preview rendered by the site's own
 * Markdown pipeline (typography, highlighting) on the server.
 */
type Props = { label: string; hint: string | undefined; error: string | null; value: string; onChange: (value: string) => void; nestedUnder?: number; modeSwitch?: ReactNode; notice?: string | undefined };


type Edit = (view: EditorView) => void;

/** The studio's look inside the editor's shadow root (the page's styles do not reach it). */
const EDITOR_THEME = EditorView.theme({
  "&": { minHeight: "12rem", backgroundColor: "#fff", color: "#1b1e27" },
  "&.cm-focused": { outline: "3px solid #3a3df0" },
  ".cm-content": { padding: "0.75rem", fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.95rem" },
  ".cm-placeholder": { color: "#5a6070" },
});

/** Wraps the selection (or a placeholder word) in `before`…`after`, leaving the inner text selected. */
const wrap = (before: string, after: string, filler: string): Edit => (view) => {
  view.dispatch(
    view.state.changeByRange((range) => {
      const text = view.state.sliceDoc(range.from, range.to) || filler;
      return {
        changes: { from: range.from, to: range.to, insert: before + text + after },
        range: EditorSelection.range(range.from + before.length, range.from + before.length + text.length),
      };
    }),
  );
  view.focus();
};

/** Puts `prefix` before every selected line (numbered lists count up). */
const prefixLines = (prefix: (n: number) => string): Edit => (view) => {
  const { state } = view;
  const changes: Array<{ from: number; insert: string }> = [];
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    for (let n = first; n <= last; n++) changes.push({ from: state.doc.line(n).from, insert: prefix(n - first + 1) });
  }
  view.dispatch({ changes });
  view.focus();
};

const insertBlock = (block: string, selectFrom: number, selectLength: number): Edit => (view) => {
  const at = view.state.selection.main.head;
  const line = view.state.doc.lineAt(at);
  const lead = line.length > 0 ? "\n\n" : "";
  view.dispatch({ changes: { from: line.to, insert: lead + block }, selection: EditorSelection.range(line.to + lead.length + selectFrom, line.to + lead.length + selectFrom + selectLength) });
  view.focus();
};

export function MarkdownField({ label, hint, error, value, onChange, nestedUnder, modeSwitch, notice }: Props) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const [language, setLanguage] = useState("typescript");
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    if (!host.current) return;
    // The editor lives in a shadow root of its own: there CodeMirror adopts its styles as
    // constructed style sheets, which the studio's CSP (no inline <style>) allows.
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
    const description = document.createElement("p");
    description.id = "description";
    description.hidden = true;
    shadow.append(description);
    const editor = new EditorView({
      root: shadow,
      parent: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdownLanguage(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          EDITOR_THEME,
          placeholder("Текст в Markdown: ## заголовок, - список, > цитата"),
          EditorView.contentAttributes.of({ "aria-label": label, "aria-describedby": "description" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      description.remove();
    };
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  // The error and the hint are read with the text box (inside its shadow root, ids of the page do not reach).
  useEffect(() => {
    const editor = view.current;
    const description = host.current?.shadowRoot?.getElementById("description");
    if (!editor || !description) return;
    description.textContent = [error, hint].filter(Boolean).join(". ");
    if (error) editor.contentDOM.setAttribute("aria-invalid", "true");
    else editor.contentDOM.removeAttribute("aria-invalid");
  }, [error, hint]);

  // The preview follows the text, half a second after typing stops.
  useEffect(() => {
    if (!value.trim()) return;
    const timer = setTimeout(() => {
      api<PreviewResult>("POST", "/content/preview", { markdown: value, ...(nestedUnder ? { nestedUnder } : {}) })
        .then((result) => setPreview({ html: result.html }))
        .catch((failure: unknown) => setPreview({ error: failure instanceof ApiFailure ? failure.message : "Предпросмотр недоступен" }));
    }, 500);
    return () => clearTimeout(timer);
  }, [value, nestedUnder]);

  /** Applies a toolbar edit to the editor (in event handlers only). */
  function apply(edit: Edit) {
    if (view.current) edit(view.current);
  }
  const shown = value.trim() ? preview : null;

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
