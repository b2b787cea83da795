import type { FormEvent } from "react";
import { Form, Link } from "react-router";
import { KINDS, type InboxPage, type Owner, SORTS } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { VARIANT_KEYS, VARIANT_LETTERS } from "#core/landings/variants.ts";
import type { FilterErrors } from "../../lib/filter-errors.ts";
import { Button, DayField, Field, SelectField, TextField } from "../../ui/index.ts";
import { ownerOptions, stageFilterGroups } from "./parts.tsx";

/** The list's filter: a search, the kind, a stage of one kind, the owner, the order, the days, the page, the UTM source, the landing and its variant. */
export function InboxFilters({
  params,
  kinds,
  stages,
  owners,
  landings,
  errors,
  onSubmit,
  filtered,
}: {
  params: URLSearchParams;
  kinds: InboxPage["kinds"];
  landings: InboxPage["landings"];
  stages: InboxPage["stages"];
  owners: Owner[];
  errors: FilterErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  filtered: boolean;
}) {
  return (
    <Form method="get" className="s-form s-inbox-filters" role="search" aria-label="Фильтр заявок" onSubmit={onSubmit} noValidate>
      <TextField
        label="Поиск"
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        hint="Номер, имя, компания, e-mail, телефон или слова комментария; можно начало"
        error={errors.q}
        autoComplete="off"
        spellCheck={false}
      />
      {kinds.length > 1 ? (
        <SelectField
          label="Тип"
          name="kind"
          defaultValue={params.get("kind") ?? ""}
          error={errors.kind}
          options={[{ value: "", label: "Все типы" }, ...kinds.map((kind) => ({ value: kind, label: KINDS[kind].label }))]}
        />
      ) : null}
      <Field label="Этап" name="status" error={errors.status}>
        {(control) => (
          <select className="s-input s-select" defaultValue={params.get("status") ?? ""} {...control}>
            <option value="">Любой этап</option>
            {stageFilterGroups(stages, kinds).map((group) =>
              group.label === null ? (
                group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))
              ) : (
                <optgroup key={group.label} label={group.label.replace(/\u00a0/g, " ")}>
                  {group.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
        )}
      </Field>
      <SelectField
        label="Ответственный"
        name="owner"
        defaultValue={params.get("owner") ?? ""}
        error={errors.owner}
        options={[{ value: "", label: "Все" }, { value: "me", label: "Мои" }, { value: "none", label: "Без ответственного" }, ...ownerOptions(owners)]}
      />
      <SelectField label="Порядок" name="sort" defaultValue={params.get("sort") ?? ""} error={errors.sort} options={Object.entries(SORTS).map(([value, label]) => ({ value: value === "new" ? "" : value, label }))} />
      <DayField label="С" name="from" defaultValue={params.get("from") ?? ""} error={errors.from} />
      <DayField label="По" name="to" defaultValue={params.get("to") ?? ""} error={errors.to} />
      <TextField label="Страница сайта" name="source" defaultValue={params.get("source") ?? ""} hint="Адрес, например /contacts/" spellCheck={false} error={errors.source} />
      <TextField label="Источник (utm_source)" name="utm" defaultValue={params.get("utm") ?? ""} spellCheck={false} error={errors.utm} />
      {landings.length > 0 ? (
        <>
          <SelectField label="Лендинг" name="landing" defaultValue={params.get("landing") ?? ""} error={errors.landing} options={[{ value: "", label: "Все страницы" }, ...landings]} />
          <SelectField
            label="Вариант заголовка"
            name="variant"
            defaultValue={params.get("variant") ?? ""}
            error={errors.variant}
            options={[{ value: "", label: "Все" }, ...VARIANT_KEYS.map((key) => ({ value: key, label: `Вариант ${VARIANT_LETTERS[key]}` }))]}
          />
        </>
      ) : null}
      <div className="s-inbox-filters__actions">
        <Button type="submit" variant="primary">
          Показать
        </Button>
        {filtered ? <Link to={pages.inbox}>Сбросить фильтр</Link> : null}
      </div>
    </Form>
  );
}
