import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { type InboxPage, LOSS_NOTE_MAX, type Owner } from "#core/studio/inbox.ts";
import { Button, Field, SelectField } from "../../ui/index.ts";
import { ownerOptions, stageOptions } from "./parts.tsx";

export const BULK_FORM = "inbox-bulk";

export type BulkOutcome = { ok: boolean; message: string; errors?: Record<string, string> };

/**
 * «Изменить отмеченные»: a stage and/or an owner for the rows ticked. A stage that is a loss in
 * some kind asks for a reason from those kinds' lists (a kind whose list lacks it is left and named).
 */
export function BulkChange({
  bulk,
  kinds,
  stages,
  owners,
  reasons,
}: {
  bulk: FetcherWithComponents<BulkOutcome>;
  kinds: InboxPage["kinds"];
  stages: InboxPage["stages"];
  owners: Owner[];
  reasons: Partial<Record<string, string[]>>;
}) {
  const [stage, setStage] = useState("");
  const losing = kinds.filter((kind) => stages[kind]?.some((s) => s.key === stage && s.outcome === "lost"));
  const choices = [...new Set(losing.flatMap((kind) => reasons[kind] ?? []))];
  return (
    <bulk.Form method="post" id={BULK_FORM} className="s-form s-inbox-bulk" aria-label="Изменить отмеченные заявки">
      <SelectField
        label="Новый этап отмеченных"
        name="stage"
        value={stage}
        onChange={(event) => setStage(event.target.value)}
        error={bulk.data?.errors?.stage}
        options={[{ value: "", label: "Не\u00a0менять" }, ...stageOptions(stages, kinds)]}
      />
      {losing.length > 0 ? (
        <>
          <SelectField
            label="Причина отказа"
            name="reason"
            defaultValue=""
            error={bulk.data?.errors?.reason}
            options={[{ value: "", label: "Выберите причину" }, ...choices.map((reason) => ({ value: reason, label: reason }))]}
          />
          <Field label="Пояснение" name="note" error={bulk.data?.errors?.note} hint="Необязательно">
            {(control) => <textarea {...control} className="s-input s-textarea" rows={1} maxLength={LOSS_NOTE_MAX} />}
          </Field>
        </>
      ) : null}
      <SelectField
        label={"Ответственный за\u00a0отмеченные"}
        name="owner"
        defaultValue=""
        error={bulk.data?.errors?.owner}
        options={[{ value: "", label: "Не\u00a0менять" }, { value: "none", label: "Никто" }, ...ownerOptions(owners)]}
      />
      <div className="s-inbox-filters__actions">
        <Button type="submit" busy={bulk.state !== "idle"}>
          Изменить отмеченные
        </Button>
      </div>
    </bulk.Form>
  );
}
