import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";

/** The Markdown toolbar's edits (markdown-field.tsx), each applied to the editor's selection. */
export type Edit = (view: EditorView) => void;

/** Wraps the selection (or a placeholder word) in `before`…`after`, leaving the inner text selected. */
export const wrap = (before: string, after: string, filler: string): Edit => (view) => {
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
export const prefixLines = (prefix: (n: number) => string): Edit => (view) => {
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

export const insertBlock = (block: string, selectFrom: number, selectLength: number): Edit => (view) => {
  const at = view.state.selection.main.head;
  const line = view.state.doc.lineAt(at);
  const lead = line.length > 0 ? "\n\n" : "";
  view.dispatch({ changes: { from: line.to, insert: lead + block }, selection: EditorSelection.range(line.to + lead.length + selectFrom, line.to + lead.length + selectFrom + selectLength) });
  view.focus();
};
