import type { FormAnswer } from "#core/forms/answer.ts";
import { type Campaign, CheckboxGroup, ConsentCheckbox, ConsentDocuments, FormFooter, HiddenFields, SelectField, TextArea, TextField } from "./fields.tsx";
import { useFormOptions } from "./options.ts";
import { BUDGETS } from "#core/forms/kinds.ts";
import { FormSuccess } from "./success.tsx";
import { useLeadForm } from "./use-lead-form.ts";
import { paths } from "#core/lib/paths.ts";

/**
 * "Обсудить проект": on /contacts/, every service page (`service` ticks that
 * service), the home page and a landing (`campaign`: its variant and label). `initial` is the server's answer when the page
 * is the result of a post without JavaScript.
 */
export function ProjectRequestForm({ service, initial, title = "Обсудить проект", campaign }: { service?: string; initial?: FormAnswer; title?: string; campaign?: Campaign }) {
  const { services } = useFormOptions();
  const form = useLeadForm("project", initial, services.map((s) => s.slug));
  const headingId = form.fieldId("heading");
  return (
    <section className="lead-form" id="project-request" data-form="project" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {form.sent ? (
        <FormSuccess kind="project" id={form.sent.id} number={form.sent.number} onAgain={form.reset} />
      ) : (
        <form method="post" action={paths.form("project")} noValidate {...form.handlers}>
          <HiddenFields form={form} campaign={campaign} />
          <div className="lead-form__grid">
            <TextField form={form} name="name" label="Имя" autoComplete="name" required />
            <TextField form={form} name="company" label="Компания" autoComplete="organization" />
            <TextField form={form} name="phone" label="Телефон" type="tel" inputMode="tel" autoComplete="tel" hint="Телефон или e-mail — хотя бы одно" eitherOr />
            <TextField form={form} name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" eitherOr />
          </div>
          {services.length > 0 ? (
            <CheckboxGroup form={form} name="services" label="Что нужно" options={services.map((s) => ({ value: s.slug, label: s.name }))} checked={service ? [service] : []} />
          ) : null}
          <SelectField form={form} name="budget" label="Бюджет" options={BUDGETS} empty="Не выбран" />
          <TextArea form={form} name="message" label="О задаче" hint="Что хотите получить, сроки, ссылка на сайт" />
          <ConsentCheckbox form={form} name="consent" required>
            Даю <ConsentDocuments /> — для ответа на заявку
          </ConsentCheckbox>
          <ConsentCheckbox form={form} name="newsletter">
            Хочу получать рассылку Академии (необязательно; пришлём письмо для подтверждения)
          </ConsentCheckbox>
          <FormFooter form={form} label="Отправить заявку" />
        </form>
      )}
    </section>
  );
}
