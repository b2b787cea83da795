import { lift, setBlockType, toggleMark, wrapIn } from "prosemirror-commands";
import type { MarkType, Node as ProseNode, NodeType } from "prosemirror-model";
import { liftListItem, wrapInList } from "prosemirror-schema-list";
import { type Command, type EditorState, TextSelection } from "prosemirror-state";
import { schema } from "./markdown.ts";

/**
 * What the toolbar and the keyboard do to the visual editor's document, and
 * what they show as on (aria-pressed). Plain ProseMirror commands: each one
 * answers «can I?» when called without dispatch, which disables its button.
 */
const { nodes, marks } = schema;

/** The addresses a text links to: the web, a path on the site, an anchor, mail and phone. */
export const LINK = /^(https?:\/\/\S+|\/\S*|#\S+|mailto:\S+|tel:\S+)$/i;

export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The nearest ancestor of the selection of `type` (and its depth), if any. */
export function ancestor(state: EditorState, type: NodeType): { node: ProseNode; depth: number } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type === type) return { node: $from.node(depth), depth };
  return null;
}

export function blockActive(state: EditorState, type: NodeType, attrs: Record<string, unknown> = {}): boolean {
  const parent = state.selection.$from.parent;
  return parent.type === type && Object.entries(attrs).every(([key, value]) => parent.attrs[key] === value);
}

export const toggleBold = toggleMark(marks.strong);
export const toggleItalic = toggleMark(marks.em);

/** A heading of `level`, or back to a paragraph when it is one already. */
export const toggleHeading = (level: number): Command => (state, dispatch) =>
  blockActive(state, nodes.heading, { level }) ? setBlockType(nodes.paragraph)(state, dispatch) : setBlockType(nodes.heading, { level })(state, dispatch);

/** A list of `type`; inside one already, its items leave it. */
export const toggleList = (type: NodeType): Command => (state, dispatch) => {
  const list = ancestor(state, nodes.bullet_list) ?? ancestor(state, nodes.ordered_list);
  if (list?.node.type === type) return liftListItem(nodes.list_item)(state, dispatch);
  // Tight, as the site's texts write them (a loose list puts a paragraph in every item).
  return wrapInList(type, { tight: true })(state, dispatch);
};

export const toggleQuote: Command = (state, dispatch) => (ancestor(state, nodes.blockquote) ? lift(state, dispatch) : wrapIn(nodes.blockquote)(state, dispatch));

/** The selection becomes a code block in `language`; inside one, its language changes. */
export const codeBlock = (language: string): Command => (state, dispatch) => {
  const { $from } = state.selection;
  if ($from.parent.type === nodes.code_block) {
    if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(), undefined, { params: language }));
    return true;
  }
  return setBlockType(nodes.code_block, { params: language })(state, dispatch);
};

/** A link to `href` on the selection, or the address itself as the link's text when nothing is selected. */
export const setLink = (href: string): Command => (state, dispatch) => {
  const { from, to, empty } = state.selection;
  if (dispatch) {
    const mark = marks.link.create({ href });
    if (empty) dispatch(state.tr.insert(from, schema.text(href, [mark])));
    else dispatch(state.tr.removeMark(from, to, marks.link).addMark(from, to, mark));
  }
  return true;
};

export const removeLink: Command = (state, dispatch) => {
  const { $from, from, to, empty } = state.selection;
  if (!markActive(state, marks.link)) return false;
  if (dispatch) {
    if (!empty) dispatch(state.tr.removeMark(from, to, marks.link));
    else {
      // The whole link around the cursor.
      const start = $from.index();
      const parent = $from.parent;
      let [begin, end] = [start, start];
      const has = (i: number) => i >= 0 && i < parent.childCount && marks.link.isInSet(parent.child(i).marks);
      while (has(begin - 1)) begin--;
      while (has(end)) end++;
      let pos = $from.start();
      let linkFrom = pos;
      for (let i = 0; i < end; i++) {
        if (i === begin) linkFrom = pos;
        pos += parent.child(i).nodeSize;
      }
      dispatch(state.tr.removeMark(linkFrom, pos, marks.link));
    }
  }
  return true;
};

export const insertImage = (src: string, alt: string): Command => (state, dispatch) => {
  if (dispatch) dispatch(state.tr.replaceSelectionWith(nodes.image.create({ src, alt })).scrollIntoView());
  return true;
};

const emptyRow = (columns: number, type: NodeType) => nodes.table_row.create(null, Array.from({ length: columns }, () => type.create()));

/**
 * A table of `columns`: a header row (a Markdown table always has one) and `rows` rows under it,
 * the cursor in its first cell, a paragraph after it to go on writing.
 */
export const insertTable = (columns: number, rows: number): Command => (state, dispatch) => {
  if (ancestor(state, nodes.table)) return false;
  if (dispatch) {
    const body = Array.from({ length: Math.max(1, rows) }, () => emptyRow(Math.max(1, columns), nodes.table_cell));
    const table = nodes.table.create(null, [emptyRow(Math.max(1, columns), nodes.table_header), ...body]);
    const tr = state.tr.replaceSelectionWith(table);
    let at = -1;
    tr.doc.descendants((node, pos) => {
      if (node === table) at = pos;
      return at < 0;
    });
    if (at < 0) return false;
    const after = tr.doc.resolve(at + table.nodeSize);
    if (!after.nodeAfter) tr.insert(at + table.nodeSize, nodes.paragraph.create());
    // Inside the table, its first row, its first cell.
    tr.setSelection(TextSelection.create(tr.doc, at + 3));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** A row after the cursor's row, as many cells as it has. */
export const addRow: Command = (state, dispatch) => {
  const row = ancestor(state, nodes.table_row);
  if (!row) return false;
  if (dispatch) {
    const { $from } = state.selection;
    const after = $from.after(row.depth);
    const tr = state.tr.insert(after, emptyRow(row.node.childCount, nodes.table_cell));
    dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(after + 2))).scrollIntoView());
  }
  return true;
};

/**
 * Each row's cell at `index` (null where a row is shorter) with where it
 * begins, and where the row's cells end: the last row first, so a change
 * made row by row leaves the positions still to come valid.
 */
function columnCells(table: ProseNode, tableStart: number, index: number): Array<{ row: number; cell: ProseNode | null; pos: number; end: number }> {
  const cells: Array<{ row: number; cell: ProseNode | null; pos: number; end: number }> = [];
  table.forEach((rowNode, offset, row) => {
    let pos = tableStart + offset + 1;
    for (let c = 0; c < Math.min(index, rowNode.childCount); c++) pos += rowNode.child(c).nodeSize;
    cells.unshift({ row, cell: index < rowNode.childCount ? rowNode.child(index) : null, pos, end: tableStart + offset + rowNode.nodeSize - 1 });
  });
  return cells;
}

/** A column after the cursor's cell, in every row. */
export const addColumn: Command = (state, dispatch) => {
  const table = ancestor(state, nodes.table);
  const cell = ancestor(state, nodes.table_cell) ?? ancestor(state, nodes.table_header);
  if (!table || !cell) return false;
  if (dispatch) {
    const { $from } = state.selection;
    const tr = state.tr;
    for (const at of columnCells(table.node, $from.start(table.depth), $from.index(cell.depth - 1))) {
      tr.insert(at.cell ? at.pos + at.cell.nodeSize : at.end, (at.row === 0 ? nodes.table_header : nodes.table_cell).create());
    }
    dispatch(tr);
  }
  return true;
};

/** The table around the cursor removed, a paragraph in its place (a document is never left empty). */
export const deleteTable: Command = (state, dispatch) => {
  const table = ancestor(state, nodes.table);
  if (!table) return false;
  if (dispatch) {
    const { $from } = state.selection;
    const start = $from.before(table.depth);
    const tr = state.tr.replaceWith(start, $from.after(table.depth), nodes.paragraph.create());
    dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(start + 1))).scrollIntoView());
  }
  return true;
};

/**
 * The cursor's row removed. The header row stays (a Markdown table has one);
 * removing the only other row removes the table.
 */
export const deleteRow: Command = (state, dispatch) => {
  const table = ancestor(state, nodes.table);
  const row = ancestor(state, nodes.table_row);
  if (!table || !row) return false;
  const { $from } = state.selection;
  if ($from.index(table.depth) === 0) return false;
  if (table.node.childCount <= 2) return deleteTable(state, dispatch);
  if (dispatch) {
    const start = $from.before(row.depth);
    const tr = state.tr.delete(start, $from.after(row.depth));
    // Into the row above, which now ends where the removed one began.
    dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(start - 2), -1)).scrollIntoView());
  }
  return true;
};

/** The cursor's column removed from every row; the only column takes the table with it. */
export const deleteColumn: Command = (state, dispatch) => {
  const table = ancestor(state, nodes.table);
  const cell = ancestor(state, nodes.table_cell) ?? ancestor(state, nodes.table_header);
  if (!table || !cell) return false;
  if ((table.node.firstChild?.childCount ?? 0) <= 1) return deleteTable(state, dispatch);
  if (dispatch) {
    const { $from } = state.selection;
    const tr = state.tr;
    for (const at of columnCells(table.node, $from.start(table.depth), $from.index(cell.depth - 1))) if (at.cell) tr.delete(at.pos, at.pos + at.cell.nodeSize);
    dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(tr.mapping.map($from.pos)), -1)).scrollIntoView());
  }
  return true;
};

/** Tab moves to the next cell of a table (and Shift+Tab back); at the last cell Tab adds a row. */
export const goToCell = (direction: 1 | -1): Command => (state, dispatch) => {
  const cell = ancestor(state, nodes.table_cell) ?? ancestor(state, nodes.table_header);
  const table = ancestor(state, nodes.table);
  if (!cell || !table) return false;
  const { $from } = state.selection;
  const cells: number[] = [];
  const tableStart = $from.start(table.depth);
  table.node.descendants((node, pos) => {
    if (node.type === nodes.table_cell || node.type === nodes.table_header) cells.push(tableStart + pos + 1);
    return node.type === nodes.table_row || node.type === nodes.table;
  });
  const here = cells.indexOf($from.start(cell.depth));
  const next = cells[here + direction];
  if (next === undefined) return direction === 1 ? addRow(state, dispatch) : false;
  if (dispatch) dispatch(state.tr.setSelection(TextSelection.near(state.doc.resolve(next))));
  return true;
};
