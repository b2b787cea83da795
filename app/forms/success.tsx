import { useEffect, useRef } from "react";
import { type FormKind, numberLabel } from "#core/forms/kinds.ts";

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
  event: {
    title: "Вы зарегистрированы",
    text: "Дата, время и место — в письме, которое придёт на указанный адрес.",
    again: "Зарегистрировать ещё одного участника",
  },
};

/**
 * The clear success state that replaces a sent form; focus moves to it so screen readers announce it.
 * It names the submission as the studio, the letters and the CRM do («Заявка №\u00a04»), so a
 * visitor who calls can be found by it; a bot's quiet success was never kept and has no number.
 */
export function FormSuccess({ kind, id, number, onAgain }: { kind: FormKind; id: string; number?: number | undefined; onAgain?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const t = TEXTS[kind];
  return (
    <div className="lead-form__success" role="status" data-submission-id={id}>
      <p className="lead-form__success-title" ref={heading} tabIndex={-1}>
        {t.title}
      </p>
      <p>{t.text}</p>
      {number ? (
        <p className="lead-form__id">
          <strong>{numberLabel(kind, number)}</strong> — назовите этот номер, если будете писать или звонить нам.
        </p>
      ) : null}
      {onAgain ? (
        <button className="button" type="button" onClick={onAgain}>
          {t.again}
        </button>
      ) : null}
    </div>
  );
}
