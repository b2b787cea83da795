import type { Command, EditorState } from "prosemirror-state";
import { type ReactNode, useState } from "react";
import { Button } from "../../ui/index.ts";
import { CODE_LANGUAGES } from "../code-languages.ts";
import * as edit from "./commands.ts";
import { schema } from "./markdown.ts";
import { type MenuEntry, MoreMenu } from "./more-menu.tsx";
import { TableSize } from "./table-size.tsx";

const { nodes, marks } = schema;

/** The images' actions, from the long text's frame (./long-text-frame.tsx): the file input is placed here, the buttons in «Ещё». */
export type ImageActions = { input: ReactNode; chooseFile: () => void; openLibrary: () => void };

type Props = {
  id: string;
  /** The editor's state (undefined before it is mounted: every button off). */
  state: EditorState | undefined;
  run: (command: Command) => void;
  onLink: () => void;
  image: ImageActions;
};

/** What is rarer than the buttons on show: in «Ещё», so the toolbar fits two rows at a phone's width. */
function moreEntries(state: EditorState | undefined, run: (command: Command) => void, image: ImageActions, sizeTable: () => void): MenuEntry[] {
  const can = (command: Command) => (state ? command(state) : false);
  const inCode = state?.selection.$from.parent.type === nodes.code_block;
  const entries: MenuEntry[] = [
    // Its size asked for first (./table-size.tsx).
    { label: "Таблица", disabled: !can(edit.insertTable(2, 1)), onSelect: sizeTable },
    { label: "Подзаголовок", checked: Boolean(state && edit.blockActive(state, nodes.heading, { level: 3 })), onSelect: () => run(edit.toggleHeading(3)) },
    { label: "Заголовок 4", checked: Boolean(state && edit.blockActive(state, nodes.heading, { level: 4 })), onSelect: () => run(edit.toggleHeading(4)) },
    { label: "Цитата", checked: Boolean(state && edit.ancestor(state, nodes.blockquote)), onSelect: () => run(edit.toggleQuote) },
    // Plain text until a language is chosen (in the list that appears in the toolbar inside a code block).
    { label: "Блок кода", checked: inCode, onSelect: () => run(edit.codeBlock(inCode ? String(state?.selection.$from.parent.attrs.params ?? "") : "")) },
    "separator",
    { label: "Загрузить изображение", onSelect: image.chooseFile },
    { label: "Из «Медиа»", onSelect: image.openLibrary },
  ];
  if (state && edit.markActive(state, marks.link)) entries.push("separator", { label: "Убрать ссылку", onSelect: () => run(edit.removeLink) });
  if (state && edit.ancestor(state, nodes.table)) {
    entries.push(
      "separator",
      { label: "Строка таблицы", onSelect: () => run(edit.addRow) },
      { label: "Столбец таблицы", onSelect: () => run(edit.addColumn) },
      { label: "Удалить строку", disabled: !can(edit.deleteRow), onSelect: () => run(edit.deleteRow) },
      { label: "Удалить столбец", onSelect: () => run(edit.deleteColumn) },
      { label: "Удалить таблицу", onSelect: () => run(edit.deleteTable) },
    );
  }
  return entries;
}

/** Inside a code block, under the toolbar: its language, none (plain text) until one is chosen. */
export function CodeLanguage({ id, state, run }: Pick<Props, "id" | "state" | "run">) {
  if (state?.selection.$from.parent.type !== nodes.code_block) return null;
  const codeLanguage = String(state.selection.$from.parent.attrs.params ?? "");
  return (
    <p className="s-visual__language">
      <label htmlFor={`${id}-lang`}>Язык блока кода</label>
      <select id={`${id}-lang`} className="s-input s-select s-input--short" value={CODE_LANGUAGES.includes(codeLanguage) ? codeLanguage : ""} onChange={(e) => run(edit.codeBlock(e.target.value))}>
        <option value="">без подсветки</option>
        {CODE_LANGUAGES.map((lang) => (
          <option key={lang}>{lang}</option>
        ))}
      </select>
    </p>
  );
}

/**
 * The visual editor's buttons: each pressed where the selection has what it makes, off where it
 * cannot apply. The most used on show, the rest in «Ещё» (./more-menu.tsx), where «Таблица»
 * asks for its size (./table-size.tsx).
 */
export function VisualToolbar({ id, state, run, onLink, image }: Props) {
  const [sizing, setSizing] = useState(false);
  const can = (command: Command) => (state ? command(state) : false);
  const pressed = (on: boolean | undefined) => ({ "aria-pressed": Boolean(on) });
  const closeSizing = () => {
    setSizing(false);
    document.getElementById(`${id}-more`)?.focus();
  };
  return (
    <>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 2 }))} onClick={() => run(edit.toggleHeading(2))}>Заголовок</Button>
      {/* «Ж» and «К», as Russian editors letter them: two short buttons leave room for the rest. */}
      <Button variant="quiet" className="s-visual__mark" aria-label="Жирный" title="Жирный (Ctrl+B)" aria-keyshortcuts="Control+B" {...pressed(state && edit.markActive(state, marks.strong))} onClick={() => run(edit.toggleBold)}>
        <b>Ж</b>
      </Button>
      <Button variant="quiet" className="s-visual__mark" aria-label="Курсив" title="Курсив (Ctrl+I)" aria-keyshortcuts="Control+I" {...pressed(state && edit.markActive(state, marks.em))} onClick={() => run(edit.toggleItalic)}>
        <i>К</i>
      </Button>
      <Button variant="quiet" aria-keyshortcuts="Control+K" {...pressed(state && edit.markActive(state, marks.link))} onClick={onLink}>Ссылка</Button>
      <Button variant="quiet" {...pressed(Boolean(state && edit.ancestor(state, nodes.bullet_list)))} disabled={!can(edit.toggleList(nodes.bullet_list))} onClick={() => run(edit.toggleList(nodes.bullet_list))}>Список</Button>
      <Button variant="quiet" {...pressed(Boolean(state && edit.ancestor(state, nodes.ordered_list)))} disabled={!can(edit.toggleList(nodes.ordered_list))} onClick={() => run(edit.toggleList(nodes.ordered_list))}>Нумерованный</Button>
      {sizing ? (
        <TableSize
          id={id}
          openerId={`${id}-more`}
          onClose={closeSizing}
          onPick={(columns, rows) => {
            setSizing(false);
            run(edit.insertTable(columns, rows));
          }}
        />
      ) : null}
      <MoreMenu id={id} label="Ещё: оформление" entries={moreEntries(state, run, image, () => setSizing(true))} />
      {image.input}
    </>
  );
}
