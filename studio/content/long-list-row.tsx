import type { ReactNode } from "react";
import { Button } from "../ui/index.ts";
import { summary } from "./use-long-list.ts";

type Props = { item: unknown; index: number; opened: boolean; error: boolean; itemTitle: string; renderItem(index: number): ReactNode; onOpen(): void; onDone(): void; onRemove(): void };

/** A row of a long list (long-list.tsx): one line with its actions, or opened with its own fields. */
export function LongListRow({ item, index, opened, error, itemTitle, renderItem, onOpen, onDone, onRemove }: Props) {
  return (
    <li className={error ? "s-long-list__row s-long-list__row--error" : "s-long-list__row"}>
      {opened ? (
        <div className="s-long-list__edit">
          {renderItem(index)}
          <div className="s-actions">
            <Button onClick={onDone}>Готово</Button>
            <Button variant="quiet" onClick={onRemove}>
              Удалить строку
            </Button>
          </div>
        </div>
      ) : (
        <>
          <span className="s-long-list__summary">
            <span className="s-visually-hidden">
              {itemTitle} {index + 1}:{" "}
            </span>
            {summary(item)}
          </span>
          <span className="s-long-list__actions">
            <Button variant="quiet" onClick={onOpen} aria-label={`Изменить: ${summary(item)}`}>
              Изменить
            </Button>
            <Button variant="quiet" onClick={onRemove} aria-label={`Удалить: ${summary(item)}`}>
              Удалить
            </Button>
          </span>
        </>
      )}
    </li>
  );
}
