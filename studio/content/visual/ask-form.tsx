import { useEffect, useRef } from "react";
import { Button } from "../../ui/index.ts";

/** What the small form under the toolbar asks for: a link's address or an image's description. */
export type Ask = { kind: "link"; initial: string } | { kind: "alt"; src: string; size: string };

type Props = {
  id: string;
  ask: Ask;
  value: string;
  error: string | null;
  onValue: (value: string) => void;
  onConfirm: () => void;
  onClose: () => void;
};

/** The small form under the visual editor's toolbar: Enter inserts, Escape closes, its error at its field. */
export function AskForm({ id, ask, value, error, onValue, onConfirm, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [ask]);
  return (
    <div
      className="s-visual__ask"
      role="group"
      aria-label={ask.kind === "link" ? "Ссылка" : "Описание изображения"}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
        if (event.key === "Enter") {
          // Not the entry form's submit: this small form answers for itself.
          event.preventDefault();
          onConfirm();
        }
      }}
    >
      <label htmlFor={`${id}-ask`}>{ask.kind === "link" ? "Адрес ссылки" : "Что на изображении (для тех, кто его не видит)"}</label>
      <input
        ref={input}
        id={`${id}-ask`}
        className="s-input"
        value={value}
        required
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-ask-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      <Button variant="secondary" onClick={onConfirm}>{ask.kind === "link" ? "Вставить ссылку" : "Вставить изображение"}</Button>
      <Button variant="quiet" onClick={onClose}>Отмена</Button>
      {error ? (
        <p className="s-field__error" id={`${id}-ask-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
