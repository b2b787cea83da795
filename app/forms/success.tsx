import { useEffect, useRef } from "react";
import type { FormKind } from "#core/forms/kinds.ts";

const TEXTS: Record<FormKind, { title: string; text: string; again: string }> = {
  project: {
    title: "Спасибо, заявка отправлена",
    text: "Менеджер свяжется с вами в течение рабочего дня.",
    again: "Отправить ещё одну заявку",
  },
  job: {
    title: "Спасибо, отклик отправлен",
    text: "Мы прочитаем резюме и ответим в течение трёх рабочих дней.",
    again: "Откликнуться ещё раз",
  },
  subscribe: {
    title: "Проверьте почту",
    text: "Мы отправили письмо со ссылкой. Подписка заработает, когда вы её подтвердите.",
    again: "Подписать другой адрес",
  },
};

/** The clear success state that replaces a sent form; focus moves to it so screen readers announce it. */
export function FormSuccess({ kind, id, onAgain }: { kind: FormKind; id: string; onAgain?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const t = TEXTS[kind];
  return (
    <div className="lead-form__success" role="status" data-submission-id={id}>
      <p className="lead-form__success-title" ref={heading} tabIndex={-1}>
        {t.title}
      </p>
      <p>{t.text}</p>
      <p className="lead-form__id">Номер обращения: {id}</p>
      {onAgain ? (
        <button className="button" type="button" onClick={onAgain}>
          {t.again}
        </button>
      ) : null}
    </div>
  );
}
