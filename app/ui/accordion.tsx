import type { ReactNode } from "react";
import { cx } from "./class-names.ts";

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/**
 * Questions and answers as native <details>: opens with Enter and Space, works
 * without JavaScript, and every answer is in the HTML for readers and search
 * engines. With `exclusive`, opening one closes the others (the `name` attribute).
 */
export function Accordion({ items, exclusive, className }: { items: readonly AccordionItem[]; exclusive?: string; className?: string }) {
  return (
    <div className={cx("accordion", className)}>
      {items.map((item) => (
        <details key={item.id} id={item.id} className="accordion__item" name={exclusive}>
          <summary className="accordion__summary">
            <span className="accordion__title">{item.title}</span>
            <span className="accordion__marker" aria-hidden="true" />
          </summary>
          <div className="accordion__content">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
