import type { ButtonHTMLAttributes } from "react";

/** One primary action per form; danger for what cannot be undone. `busy` keeps the label and says so. */
export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" | "quiet"; busy?: boolean };

export function Button({ variant = "secondary", busy = false, className, type = "button", disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={["s-button", `s-button--${variant}`, className].filter(Boolean).join(" ")}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
