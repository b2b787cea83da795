import { baseKeymap, chainCommands, exitCode } from "prosemirror-commands";
import { history, redo, undo } from "prosemirror-history";
import { undoInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import { liftListItem, sinkListItem, splitListItem } from "prosemirror-schema-list";
import type { Node as ProseNode } from "prosemirror-model";
import { type Command, EditorState, type Transaction } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../ui/index.ts";
import { CODE_LANGUAGES } from "../code-languages.ts";
import { type IncomingImage, LongTextFrame, useImageSource } from "../long-text-frame.tsx";
import { uploadPreview } from "../media-picker.tsx";
import * as edit from "./commands.ts";
import { parseMarkdown, schema, serializeMarkdown } from "./markdown.ts";
import { markdownShortcuts } from "./input-rules.ts";
import { cleanPastedHtml, clampHeadings } from "./paste.ts";

/**
 * A long text edited visually (decision 033): ProseMirror over the schema of
 * ./markdown.ts, Markdown written back on every edit, so the stored text and
 * the source mode stay what they were. Toolbar and keyboard: Ctrl+B, Ctrl+I,
 * Ctrl+K (a link, its address asked for below the toolbar), Ctrl+Z,
 * Ctrl+Shift+Z, Ctrl+S (saves the form), Tab between table cells.
 */
type Props = {
  label: string;
  hint: string | undefined;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  modeSwitch: ReactNode;
  /** The text could not be read into the editor's document: the field opens it as Markdown instead. */
  onUnreadable: () => void;
};

/** What the small form under the toolbar asks for: a link's address or an image's description. */
type Ask = { kind: "link"; initial: string } | { kind: "alt"; src: string; size: string } | null;

const { nodes, marks } = schema;

/** Uploaded originals are shown to signed-in people by the studio's API (the site shows its own renditions). */
const shownSrc = (src: string) => (src.startsWith("/uploads/") ? uploadPreview(src.slice("/uploads/".length)) : src);

/**
 * The text's document, or null if reading it fails. Every block Markdown can make is modelled or
 * kept as its source (./markdown.ts), so this is a last guard: a text the editor cannot read must
 * not take the entry's page down with it.
 */
function documentOf(value: string): ProseNode | null {
  try {
    return parseMarkdown(value);
  } catch {
    return null;
  }
}

export function VisualField({ label, hint, error, value, onChange, modeSwitch, onUnreadable }: Props) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const emitted = useRef(value);
  const latest = useRef(onChange);
  const unreadable = useRef(onUnreadable);
  useEffect(() => {
    latest.current = onChange;
    unreadable.current = onUnreadable;
  });
  const [, setTick] = useState(0);
  const [language, setLanguage] = useState("typescript");
  const [ask, setAsk] = useState<Ask>(null);
  const [askValue, setAskValue] = useState("");
  const [askError, setAskError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const askInput = useRef<HTMLInputElement>(null);
  const openLink = useRef<() => void>(() => {});

  useEffect(() => {
    if (!host.current) return;
    const doc = documentOf(value);
    if (!doc) {
      unreadable.current();
      return;
    }
    const saveForm: Command = (_state, _dispatch, editorView) => {
      editorView?.dom.closest("form")?.requestSubmit();
      return true;
    };
    const askLink: Command = () => {
      openLink.current();
      return true;
    };
    const editor = new EditorView(host.current, {
      state: EditorState.create({
        doc,
        plugins: [
          history(),
          markdownShortcuts(),
          keymap({
            Backspace: undoInputRule,
            "Mod-b": edit.toggleBold,
            "Mod-i": edit.toggleItalic,
            "Mod-k": askLink,
            "Mod-z": undo,
            "Mod-Shift-z": redo,
            "Mod-y": redo,
            "Mod-s": saveForm,
            Enter: splitListItem(nodes.list_item),
            "Mod-Enter": exitCode,
            "Shift-Enter": chainCommands(exitCode, (state, dispatch) => {
              if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.hard_break.create()).scrollIntoView());
              return true;
            }),
            Tab: chainCommands(edit.goToCell(1), sinkListItem(nodes.list_item)),
            "Shift-Tab": chainCommands(edit.goToCell(-1), liftListItem(nodes.list_item)),
          }),
          keymap(baseKeymap),
        ],
      }),
      // tabindex: an editable area is focusable anyway; said aloud so checkers that scroll it know it.
      attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label, class: "s-visual__content", tabindex: "0" },
      nodeViews: {
        image(node) {
          const img = document.createElement("img");
          img.src = shownSrc(node.attrs.src as string);
          img.alt = node.attrs.alt as string;
          return { dom: img };
        },
      },
      transformPastedHTML: cleanPastedHtml,
      transformPasted: clampHeadings,
      dispatchTransaction(this: EditorView, tr: Transaction) {
        const next = this.state.apply(tr);
        this.updateState(next);
        if (tr.docChanged) {
          emitted.current = serializeMarkdown(next.doc);
          latest.current(emitted.current);
        }
        setTick((n) => n + 1);
      },
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (a draft restored, the source mode): the document is read again.
  useEffect(() => {
    const editor = view.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    const doc = documentOf(value);
    if (!doc) {
      unreadable.current();
      return;
    }
    editor.updateState(EditorState.create({ doc, plugins: editor.state.plugins }));
    setTick((n) => n + 1);
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.setProps({ attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label, class: "s-visual__content", tabindex: "0", "aria-describedby": [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" "), ...(error ? { "aria-invalid": "true" } : {}) } });
  }, [error, hint, label, id]);

  useEffect(() => {
    if (ask) askInput.current?.focus();
  }, [ask]);

  openLink.current = () => {
    const state = view.current?.state;
    const current = state ? (state.selection.$from.marks().find((mark) => mark.type === marks.link)?.attrs.href as string | undefined) : undefined;
    setAsk({ kind: "link", initial: current ?? "" });
    setAskValue(current ?? "https://");
    setAskError(null);
  };

  function run(command: Command) {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch, editor);
    editor.focus();
  }
  const state = view.current?.state;
  const can = (command: Command) => (state ? command(state) : false);
  const pressed = (on: boolean | undefined) => ({ "aria-pressed": Boolean(on) });

  function closeAsk() {
    setAsk(null);
    setAskError(null);
    view.current?.focus();
  }

  function confirmAsk() {
    const text = askValue.trim();
    if (ask?.kind === "link") {
      if (!/^(https?:\/\/\S+|\/\S*|#\S+|mailto:\S+|tel:\S+)$/i.test(text) || text === "https://") {
        setAskError("Укажите адрес: https://…, /путь/ на сайте, mailto: или tel:");
        return;
      }
      setAsk(null);
      run(edit.setLink(text));
    } else if (ask?.kind === "alt") {
      if (!text) {
        setAskError("Опишите изображение: это прочтут те, кто его не видит");
        return;
      }
      const src = ask.src;
      setAsk(null);
      run(edit.insertImage(src, text));
      setStatus(`Изображение вставлено (${ask.size}).`);
    }
  }

  // An image uploaded or picked: its description asked for, offered as «Медиа» has it.
  const image = useImageSource((incoming: IncomingImage) => {
    setAsk({ kind: "alt", src: incoming.src, size: incoming.size });
    setAskValue(incoming.alt);
    setAskError(null);
    setStatus(incoming.alt ? "Проверьте описание изображения и вставьте его." : "Опишите изображение и вставьте его.");
  }, setStatus);

  const inCode = state?.selection.$from.parent.type === nodes.code_block;
  const codeLanguage = inCode ? String(state?.selection.$from.parent.attrs.params ?? "") : language;

  const toolbar = (
    <>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 2 }))} onClick={() => run(edit.toggleHeading(2))}>Заголовок</Button>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 3 }))} onClick={() => run(edit.toggleHeading(3))}>Подзаголовок</Button>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 4 }))} onClick={() => run(edit.toggleHeading(4))}>Заголовок 4</Button>
      <Button variant="quiet" aria-keyshortcuts="Control+B" {...pressed(state && edit.markActive(state, marks.strong))} onClick={() => run(edit.toggleBold)}>Жирный</Button>
      <Button variant="quiet" aria-keyshortcuts="Control+I" {...pressed(state && edit.markActive(state, marks.em))} onClick={() => run(edit.toggleItalic)}>Курсив</Button>
      <Button variant="quiet" aria-keyshortcuts="Control+K" {...pressed(state && edit.markActive(state, marks.link))} onClick={() => openLink.current()}>Ссылка</Button>
      {state && edit.markActive(state, marks.link) ? <Button variant="quiet" onClick={() => run(edit.removeLink)}>Убрать ссылку</Button> : null}
      <Button variant="quiet" {...pressed(Boolean(state && edit.ancestor(state, nodes.bullet_list)))} disabled={!can(edit.toggleList(nodes.bullet_list))} onClick={() => run(edit.toggleList(nodes.bullet_list))}>Список</Button>
      <Button variant="quiet" {...pressed(Boolean(state && edit.ancestor(state, nodes.ordered_list)))} disabled={!can(edit.toggleList(nodes.ordered_list))} onClick={() => run(edit.toggleList(nodes.ordered_list))}>Нумерованный</Button>
      <Button variant="quiet" {...pressed(Boolean(state && edit.ancestor(state, nodes.blockquote)))} onClick={() => run(edit.toggleQuote)}>Цитата</Button>
      <Button variant="quiet" disabled={!can(edit.insertTable)} onClick={() => run(edit.insertTable)}>Таблица</Button>
      {state && edit.ancestor(state, nodes.table) ? (
        <>
          <Button variant="quiet" onClick={() => run(edit.addRow)}>Строка таблицы</Button>
          <Button variant="quiet" onClick={() => run(edit.addColumn)}>Столбец таблицы</Button>
          <Button variant="quiet" disabled={!can(edit.deleteRow)} onClick={() => run(edit.deleteRow)}>Удалить строку</Button>
          <Button variant="quiet" onClick={() => run(edit.deleteColumn)}>Удалить столбец</Button>
          <Button variant="quiet" onClick={() => run(edit.deleteTable)}>Удалить таблицу</Button>
        </>
      ) : null}
      {image.buttons}
      <span className="s-markdown__code">
        <label className="s-visually-hidden" htmlFor={`${id}-lang`}>
          Язык блока кода
        </label>
        <select
          id={`${id}-lang`}
          className="s-input s-select s-input--short"
          value={CODE_LANGUAGES.includes(codeLanguage) ? codeLanguage : language}
          onChange={(e) => {
            setLanguage(e.target.value);
            if (inCode) run(edit.codeBlock(e.target.value));
          }}
        >
          {CODE_LANGUAGES.map((lang) => (
            <option key={lang}>{lang}</option>
          ))}
        </select>
        <Button variant="quiet" {...pressed(inCode)} onClick={() => run(edit.codeBlock(codeLanguage || language))}>Блок кода</Button>
      </span>
    </>
  );
  const opened = (
    <>
      {image.picker}
      {ask ? (
        <div
          className="s-visual__ask"
          role="group"
          aria-label={ask.kind === "link" ? "Ссылка" : "Описание изображения"}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              closeAsk();
            }
            if (event.key === "Enter") {
              // Not the entry form's submit: this small form answers for itself.
              event.preventDefault();
              confirmAsk();
            }
          }}
        >
          <label htmlFor={`${id}-ask`}>{ask.kind === "link" ? "Адрес ссылки" : "Что на изображении (для тех, кто его не видит)"}</label>
          <input
            ref={askInput}
            id={`${id}-ask`}
            className="s-input"
            value={askValue}
            required
            aria-invalid={askError ? "true" : undefined}
            aria-describedby={askError ? `${id}-ask-error` : undefined}
            onChange={(e) => setAskValue(e.target.value)}
          />
          <Button variant="secondary" onClick={confirmAsk}>{ask.kind === "link" ? "Вставить ссылку" : "Вставить изображение"}</Button>
          <Button variant="quiet" onClick={closeAsk}>Отмена</Button>
          {askError ? (
            <p className="s-field__error" id={`${id}-ask-error`}>
              {askError}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );

  return (
    <LongTextFrame id={id} label={label} className="s-visual" modeSwitch={modeSwitch} toolbar={toolbar} opened={opened} status={status} error={error} hint={hint}>
      <div
        className="s-visual__editor"
        ref={host}
        data-invalid={error ? "" : undefined}
        // «Focus to the first error» lands here; the editing area inside takes it.
        data-error={error ? "" : undefined}
        tabIndex={error ? -1 : undefined}
        onFocus={(event) => event.target === event.currentTarget && view.current?.focus()}
      />
    </LongTextFrame>
  );
}
