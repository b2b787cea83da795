import type { FormAnswer } from "#core/forms/answer.ts";
import { type Campaign, ConsentCheckbox, ConsentDocuments, FormFooter, HiddenFields, TextField } from "./fields.tsx";
import { FormSuccess } from "./success.tsx";
import { useLeadForm } from "./use-lead-form.ts";
import { paths } from "#core/lib/paths.ts";

/** Newsletter subscription (double opt-in): on /sub/, on a landing (`campaign`) and, compact, in the footer. */
export function SubscribeForm({ variant = "page", initial, title = "Подписаться на рассылку", campaign }: { variant?: "page" | "footer"; initial?: FormAnswer; title?: string; campaign?: Campaign }) {
  const form = useLeadForm("subscribe", initial);
  const headingId = form.fieldId("heading");
  return (
    <section className={`lead-form lead-form--${variant}`} data-form="subscribe" aria-labelledby={headingId}>
      {variant === "footer" ? (
        <p className="site-footer__title" id={headingId}>
          Рассылка Академии
        </p>
      ) : (
        <h2 id={headingId}>{title}</h2>
      )}
      {form.sent ? (
        <FormSuccess kind="subscribe" id={form.sent.id} number={form.sent.number} onAgain={form.reset} />
      ) : (
        <form method="post" action={paths.form("subscribe")} noValidate {...form.handlers}>
          <HiddenFields form={form} campaign={campaign} />
          <TextField form={form} name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" required />
          <ConsentCheckbox form={form} name="consent" required>
            Даю <ConsentDocuments /> — для рассылки
          </ConsentCheckbox>
          <FormFooter form={form} label="Подписаться" />
        </form>
      )}
    </section>
  );
}
