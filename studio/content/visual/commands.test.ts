import { EditorState, TextSelection } from "prosemirror-state";
import { describe, expect, it } from "vitest";
import { addColumn, addRow, deleteColumn, deleteRow, deleteTable } from "./commands.ts";
import { parseMarkdown, serializeMarkdown } from "./markdown.ts";

/** A state of `markdown` with the cursor inside the first occurrence of `at`. */
function stateAt(markdown: string, at: string): EditorState {
  const doc = parseMarkdown(markdown);
  let pos = -1;
  doc.descendants((node, offset) => {
    if (pos < 0 && node.isText && node.text?.includes(at)) pos = offset + node.text.indexOf(at) + 1;
    return pos < 0;
  });
  if (pos < 0) throw new Error(`no «${at}» in the text`);
  return EditorState.create({ doc, selection: TextSelection.create(doc, pos) });
}

type Command = typeof deleteRow;
function run(command: Command, state: EditorState): string {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return serializeMarkdown(next.doc);
}

const TABLE = "Текст до.\n\n| Канал | Доля | Рост |\n| --- | --- | --- |\n| Директ | 40 | +5 |\n| VK | 25 | +2 |\n\nТекст после.";

describe("the visual editor's table commands", () => {
  it("removes the cursor's row, but never the header row", () => {
    expect(run(deleteRow, stateAt(TABLE, "Директ"))).toBe("Текст до.\n\n| Канал | Доля | Рост |\n| --- | --- | --- |\n| VK | 25 | +2 |\n\nТекст после.");
    expect(deleteRow(stateAt(TABLE, "Канал"))).toBe(false);
  });

  it("removes the cursor's column from every row", () => {
    expect(run(deleteColumn, stateAt(TABLE, "40"))).toBe("Текст до.\n\n| Канал | Рост |\n| --- | --- |\n| Директ | +5 |\n| VK | +2 |\n\nТекст после.");
    expect(run(deleteColumn, stateAt(TABLE, "Рост"))).toBe("Текст до.\n\n| Канал | Доля |\n| --- | --- |\n| Директ | 40 |\n| VK | 25 |\n\nТекст после.");
  });

  it("removes the table with its last body row or its only column, and leaves the text around it", () => {
    const small = "До.\n\n| Канал |\n| --- |\n| Директ |\n\nПосле.";
    expect(run(deleteRow, stateAt(small, "Директ"))).toBe("До.\n\nПосле.");
    expect(run(deleteColumn, stateAt(small, "Канал"))).toBe("До.\n\nПосле.");
    expect(run(deleteTable, stateAt(TABLE, "VK"))).toBe("Текст до.\n\nТекст после.");
  });

  it("adds a column after the cursor's cell, in every row", () => {
    let state = stateAt(TABLE, "40");
    expect(addColumn(state, (tr) => (state = state.apply(tr)))).toBe(true);
    let table = state.doc.firstChild;
    state.doc.forEach((node) => {
      if (node.type.name === "table") table = node;
    });
    const rows: string[][] = [];
    table?.forEach((row) => rows.push(Array.from({ length: row.childCount }, (_, i) => row.child(i).textContent)));
    expect(rows).toEqual([
      ["Канал", "Доля", "", "Рост"],
      ["Директ", "40", "", "+5"],
      ["VK", "25", "", "+2"],
    ]);
  });

  it("takes away a row it added, back to the same text", () => {
    const before = stateAt(TABLE, "Директ");
    let state = before;
    expect(addRow(state, (tr) => (state = state.apply(tr)))).toBe(true);
    expect(serializeMarkdown(state.doc)).not.toBe(serializeMarkdown(before.doc));
    expect(deleteRow(state, (tr) => (state = state.apply(tr)))).toBe(true);
    expect(serializeMarkdown(state.doc)).toBe(serializeMarkdown(before.doc));
  });
});
