import { baseKeymap, chainCommands, exitCode } from "prosemirror-commands";
import { history, redo, undo } from "prosemirror-history";
import { undoInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import { liftListItem, sinkListItem, splitListItem } from "prosemirror-schema-list";
import type { Node as ProseNode } from "prosemirror-model";
import { type Command, EditorState, type Transaction } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { type RefObject, useEffect, useRef, useState } from "react";
import { uploadPreview } from "../media-picker.tsx";
import * as edit from "./commands.ts";
import { markdownShortcuts } from "./input-rules.ts";
import { parseMarkdown, schema, serializeMarkdown } from "./markdown.ts";
import { cleanPastedHtml, normalizePasted } from "./paste.ts";

const { nodes } = schema;

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

type Options = {
  value: string;
  onChange: (value: string) => void;
  /** The text could not be read into the editor's document. */
  onUnreadable: () => void;
  /** Ctrl+K: the toolbar's «Ссылка», which asks for the address. */
  onAskLink: () => void;
  /** The editing area's attributes (its name, its hint and error for assistive technology). */
  attributes: Record<string, string>;
};

/**
 * ProseMirror over the schema of ./markdown.ts in `host`, Markdown written back through
 * `onChange` on every edit; a value from outside (a draft restored, the source mode) read again.
 * Returns the view (null until mounted) and its state, rendered again on every transaction.
 */
export function useProseEditor({ value, onChange, onUnreadable, onAskLink, attributes }: Options): { host: RefObject<HTMLDivElement | null>; view: RefObject<EditorView | null>; state: EditorState | undefined } {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const emitted = useRef(value);
  const latest = useRef({ onChange, onUnreadable, onAskLink });
  useEffect(() => {
    latest.current = { onChange, onUnreadable, onAskLink };
  });
  const [, setTick] = useState(0);

  useEffect(() => {
    if (!host.current) return;
    const doc = documentOf(value);
    if (!doc) {
      latest.current.onUnreadable();
      return;
    }
    const saveForm: Command = (_state, _dispatch, editorView) => {
      editorView?.dom.closest("form")?.requestSubmit();
      return true;
    };
    const askLink: Command = () => {
      latest.current.onAskLink();
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
      attributes,
      nodeViews: {
        image(node) {
          const img = document.createElement("img");
          img.src = shownSrc(node.attrs.src as string);
          img.alt = node.attrs.alt as string;
          return { dom: img };
        },
      },
      transformPastedHTML: cleanPastedHtml,
      transformPasted: normalizePasted,
      dispatchTransaction(this: EditorView, tr: Transaction) {
        const next = this.state.apply(tr);
        this.updateState(next);
        if (tr.docChanged) {
          emitted.current = serializeMarkdown(next.doc);
          latest.current.onChange(emitted.current);
        }
        setTick((n) => n + 1);
      },
    });
    view.current = editor;
    // The toolbar reads the state from the view: drawn again now that there is one.
    setTick((n) => n + 1);
    return () => editor.destroy();
    // The editor is made once; later values and attributes arrive through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (a draft restored, the source mode): the document is read again.
  useEffect(() => {
    const editor = view.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    const doc = documentOf(value);
    if (!doc) {
      latest.current.onUnreadable();
      return;
    }
    editor.updateState(EditorState.create({ doc, plugins: editor.state.plugins }));
    setTick((n) => n + 1);
  }, [value]);

  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    view.current?.setProps({ attributes });
    // Compared by content: the caller builds the object anew on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attributeKey]);

  return { host, view, state: view.current?.state };
}
