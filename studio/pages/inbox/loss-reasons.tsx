import type { Dispatch, SetStateAction } from "react";
import { Button, TextField } from "../../ui/index.ts";
import "./loss-reasons.css";

/**
 * A kind's reasons for a loss, edited beside its stages and saved with them: a moved request
 * takes one of them. Renaming one leaves the losses already recorded with the words they had.
 */
type Reason = { label: string; id: number };

export function LossReasonsEditor({
  kind,
  title,
  reasons,
  setReasons,
  errors,
  max,
}: {
  kind: string;
  title: string;
  reasons: Reason[];
  setReasons: Dispatch<SetStateAction<Reason[]>>;
  errors: Record<string, string>;
  max: number;
}) {
  const add = () => setReasons((list) => [...list, { label: "", id: Math.max(0, ...list.map((r) => r.id)) + 1 }]);
  return (
    <fieldset className="s-reasons">
      <legend className="s-reasons__legend">Причины отказа</legend>
      <ol className="s-stages">
        {reasons.map((reason, index) => (
          <li key={reason.id} className="s-stages__row">
            <TextField
              label={`Причина ${index + 1}`}
              name={`reason-${kind}-${reason.id}`}
              value={reason.label}
              maxLength={max}
              error={errors[`reasons.${index}`]}
              onChange={(event) => setReasons((list) => list.map((r, i) => (i === index ? { ...r, label: event.target.value } : r)))}
            />
            <div className="s-stages__tools">
              <Button onClick={() => setReasons((list) => list.filter((_, i) => i !== index))} disabled={reasons.length === 1} aria-label={`Убрать причину: ${reason.label || `причина ${index + 1}`} (${title})`}>
                Убрать
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {errors.reasons ? <p className="s-field__error">{errors.reasons}</p> : null}
      <div className="s-stages__tools">
        <Button onClick={add}>Добавить причину</Button>
      </div>
    </fieldset>
  );
}
