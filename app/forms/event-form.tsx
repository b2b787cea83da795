import type { FormAnswer } from "#core/forms/answer.ts";
import { type Campaign, ConsentCheckbox, ConsentDocuments, FormFooter, HiddenFields, TextField } from "./fields.tsx";
import { FormSuccess } from "./success.tsx";
import { useLeadForm } from "./use-lead-form.ts";
import { paths } from "#core/lib/paths.ts";

/** The event a registration is for, as the page shows it above the fields. */
export type RegistrationEvent = { slug: string; title: string; when: string; place: string; online: boolean };

/**
 * Registration for one of the site's events: on a landing (`campaign`), for the event its form
 * block names. The event goes as a hidden field; the server takes it only while the event is not
 * over, and says so above the button when it is.
 */
export function EventRegistrationForm({ event, initial, title = "Зарегистрироваться", campaign }: { event: RegistrationEvent; initial?: FormAnswer; title?: string; campaign?: Campaign }) {
  const form = useLeadForm("event", initial);
  const headingId = form.fieldId("heading");
  return (
    <section className="lead-form" data-form="event" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="lead-form__event">
        «{event.title}», {event.when}. {event.online ? "Онлайн" : "Место"}: {event.place}
      </p>
      {form.sent ? (
        <FormSuccess kind="event" id={form.sent.id} number={form.sent.number} onAgain={form.reset} />
      ) : (
        <form method="post" action={paths.form("event")} noValidate {...form.handlers}>
          <HiddenFields form={form} campaign={campaign} />
          <input type="hidden" name="event" value={event.slug} />
          <div className="lead-form__grid">
            <TextField form={form} name="name" label="Имя" autoComplete="name" required />
            <TextField form={form} name="company" label="Компания" autoComplete="organization" />
            <TextField form={form} name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" hint="Пришлём на него дату, время и место" required />
            <TextField form={form} name="phone" label="Телефон" type="tel" inputMode="tel" autoComplete="tel" />
          </div>
          <ConsentCheckbox form={form} name="consent" required>
            Даю <ConsentDocuments /> — для регистрации на событие
          </ConsentCheckbox>
          <FormFooter form={form} label="Зарегистрироваться" />
        </form>
      )}
    </section>
  );
}
