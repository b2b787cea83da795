import type { Command, EditorState } from "prosemirror-state";
import { type ReactNode, useState } from "react";
import { Button } from "../../ui/index.ts";
import { CODE_LANGUAGES } from "../code-languages.ts";
import * as edit from "./commands.ts";
import { schema } from "./markdown.ts";

const { nodes, marks } = schema;

type Props = {
  id: string;
  /** The editor's state (undefined before it is mounted: every button off). */
  state: EditorState | undefined;
  run: (command: Command) => void;
  onLink: () => void;
  /** The image buttons (upload, «Медиа»), from the long text's frame. */
  imageButtons: ReactNode;
};

/** The visual editor's buttons: each pressed where the selection has what it makes, off where it cannot apply. */
export function VisualToolbar({ id, state, run, onLink, imageButtons }: Props) {
  const [language, setLanguage] = useState("typescript");
  const can = (command: Command) => (state ? command(state) : false);
  const pressed = (on: boolean | undefined) => ({ "aria-pressed": Boolean(on) });
  const inCode = state?.selection.$from.parent.type === nodes.code_block;
  const codeLanguage = inCode ? String(state?.selection.$from.parent.attrs.params ?? "") : language;
  return (
    <>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 2 }))} onClick={() => run(edit.toggleHeading(2))}>Заголовок</Button>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 3 }))} onClick={() => run(edit.toggleHeading(3))}>Подзаголовок</Button>
      <Button variant="quiet" {...pressed(state && edit.blockActive(state, nodes.heading, { level: 4 }))} onClick={() => run(edit.toggleHeading(4))}>Заголовок 4</Button>
      <Button variant="quiet" aria-keyshortcuts="Control+B" {...pressed(state && edit.markActive(state, marks.strong))} onClick={() => run(edit.toggleBold)}>Жирный</Button>
      <Button variant="quiet" aria-keyshortcuts="Control+I" {...pressed(state && edit.markActive(state, marks.em))} onClick={() => run(edit.toggleItalic)}>Курсив</Button>
      <Button variant="quiet" aria-keyshortcuts="Control+K" {...pressed(state && edit.markActive(state, marks.link))} onClick={onLink}>Ссылка</Button>
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
      {imageButtons}
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
}
