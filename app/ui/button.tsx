import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from "react";
import { AppLink } from "./app-link.tsx";
import { cx } from "./class-names.ts";
import { Icon } from "./icon.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "inverse";
export type ButtonSize = "s" | "m" | "l";

type Look = {
  /** primary: the one main action of a view; secondary: outlined; ghost: text-like; inverse: on dark blocks. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container (mobile forms, menus). */
  block?: boolean;
  /** Icon name from /assets/icons/ before the label. */
  icon?: string;
  /** Icon name after the label (arrows). */
  iconEnd?: string;
};

/** The class list of a button look, for the rare element that is neither `Button` nor `ButtonLink`. */
export function buttonClass({ variant = "secondary", size = "m", block = false }: Look, className?: string): string {
  return cx("button", `button--${variant}`, size !== "m" && `button--${size}`, block && "button--block", className);
}

function Content({ icon, iconEnd, size = "m", children }: Look & { children: ReactNode }) {
  const iconSize = size === "s" ? 16 : 20;
  return (
    <>
      {icon ? <Icon icon={icon} size={iconSize} /> : null}
      <span className="button__label">{children}</span>
      {iconEnd ? <Icon icon={iconEnd} size={iconSize} className="button__icon-end" /> : null}
    </>
  );
}

/** An action on this page (submit, open, reload). For going somewhere use `ButtonLink`. */
export function Button({
  variant,
  size,
  block,
  icon,
  iconEnd,
  className,
  children,
  type = "button",
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} {...props}>
      <Content icon={icon} iconEnd={iconEnd} size={size}>
        {children}
      </Content>
    </button>
  );
}

/** A link that looks like a button: navigation to a page (contacts, a list). */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  iconEnd,
  className,
  children,
  ...props
}: Look & ComponentProps<typeof AppLink>) {
  return (
    <AppLink className={buttonClass({ variant, size, block }, className)} {...props}>
      <Content icon={icon} iconEnd={iconEnd} size={size}>
        {children}
      </Content>
    </AppLink>
  );
}
