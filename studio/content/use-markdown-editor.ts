import { markdown as markdownLanguage } from "@codemirror/lang-markdown";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { syntaxHighlighting, defaultHighlightStyle } from "@codemirror/language";
import { useEffect, useRef } from "react";

/** The studio's look inside the editor's shadow root (the page's styles do not reach it). */
const EDITOR_THEME = EditorView.theme({
  "&": { minHeight: "12rem", backgroundColor: "#fff", color: "#1b1e27" },
  "&.cm-focused": { outline: "3px solid #3a3df0" },
  ".cm-content": { padding: "0.75rem", fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.95rem" },
  ".cm-placeholder": { color: "#5a6070" },
});

/**
 * The CodeMirror editor of a long text (markdown-field.tsx), made once in `host` and kept in step
 * with `value`, its error and hint read with the text box.
 */
export function useMarkdownEditor({ label, hint, error, value, onChange }: { label: string; hint: string | undefined; error: string | null; value: string; onChange: (value: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

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
  return { host, view };
}
