import { type ReactNode, useId } from "react";
import { ButtonLink } from "../ui/button.tsx";
import { cx } from "../ui/class-names.ts";
import { PRIMARY_ACTION } from "./primary-action.ts";

type CallToActionProps = {
  title?: ReactNode;
  text?: ReactNode;
  /** Where the button leads; the project request by default. */
  action?: { to: string; label: string };
  /** A second, quieter way on (a phone number, the portfolio). */
  secondary?: ReactNode;
  /** accent: the brand band (default); inverse: on ink, for pages already rich in accent. */
  tone?: "accent" | "inverse";
  className?: string;
};

/** The closing invitation of a page: one sentence, one button. */
export function CallToAction({
  title = "Обсудим вашу задачу?",
  text = "Расскажите, что нужно вырастить — заявки, продажи или установки. Руководитель направления ответит в течение рабочего дня и предложит план первой встречи.",
  action = PRIMARY_ACTION,
  secondary,
  tone = "accent",
  className,
}: CallToActionProps) {
  const titleId = useId();
  return (
    <section className={cx("cta", `cta--${tone}`, className)} aria-labelledby={titleId}>
      <div className="container">
        <div className="cta__panel">
          <div className="cta__text">
            <h2 id={titleId} className="cta__title">
              {title}
            </h2>
            {text ? <p className="cta__lead">{text}</p> : null}
          </div>
          <div className="cta__actions">
            <ButtonLink variant={tone === "accent" ? "inverse" : "primary"} size="l" to={action.to} iconEnd="arrow-right">
              {action.label}
            </ButtonLink>
            {secondary ? <div className="cta__secondary">{secondary}</div> : null}
          </div>
        </div>
      </div>
    </section>
  );
}
