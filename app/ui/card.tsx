import type { ReactNode } from "react";
import { AppLink } from "./app-link.tsx";
import { cx } from "./class-names.ts";
import { Icon } from "./icon.tsx";

type Level = 2 | 3 | 4;

type CardProps = {
  title: ReactNode;
  /** Where the card leads: the whole card becomes clickable through its title link. */
  to?: string;
  headingLevel?: Level;
  /** Picture at the top, edge to edge. */
  media?: ReactNode;
  /** Icon name from /assets/icons/, in a badge above the title (services, industries, values). */
  icon?: string;
  /** Small label above the title (client, category, date). */
  eyebrow?: ReactNode;
  /** Description and other body content. */
  children?: ReactNode;
  /** Bottom row: tags, metrics, a price. */
  footer?: ReactNode;
  /** surface: grey card without border; outline: white card with border (default); inverse: dark. */
  tone?: "outline" | "surface" | "inverse";
  /** li when the card sits in a list of cards. */
  as?: "article" | "li" | "div";
  className?: string;
};

/**
 * A card. With `to`, the title is the only link and its hit area covers the
 * card (one tab stop, a clear accessible name), so other links inside must
 * sit above it with `.card__raise`.
 */
export function Card({
  title,
  to,
  headingLevel = 3,
  media,
  icon,
  eyebrow,
  children,
  footer,
  tone = "outline",
  as: Element = "article",
  className,
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Element className={cx("card", `card--${tone}`, to !== undefined && "card--link", className)}>
      {media ? <div className="card__media">{media}</div> : null}
      <div className="card__body">
        {icon ? (
          <span className="card__icon">
            <Icon icon={icon} size={28} />
          </span>
        ) : null}
        {eyebrow ? <p className="card__eyebrow">{eyebrow}</p> : null}
        <Heading className="card__title">
          {to !== undefined ? (
            <AppLink className="card__link" to={to}>
              {title}
            </AppLink>
          ) : (
            title
          )}
        </Heading>
        {children ? <div className="card__text">{children}</div> : null}
        {footer ? <div className="card__footer">{footer}</div> : null}
      </div>
    </Element>
  );
}
