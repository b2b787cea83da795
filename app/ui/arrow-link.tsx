import type { ComponentProps } from "react";
import { AppLink } from "./app-link.tsx";
import { cx } from "./class-names.ts";

/** "Все кейсы →": a text link that leads on to a list or the next step (the arrow: link.css). */
export function ArrowLink({ className, children, ...props }: ComponentProps<typeof AppLink>) {
  return (
    <AppLink className={cx("link", "link--arrow", className)} {...props}>
      <span>{children}</span>
    </AppLink>
  );
}
