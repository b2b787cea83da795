import type { FormAnswer } from "#core/forms/answer.ts";
import { ConsentCheckbox, ConsentDocuments, FileField, FormFooter, HiddenFields, TextArea, TextField } from "./fields.tsx";
import { CV_ACCEPT } from "#core/forms/file-type.ts";
import { FormSuccess } from "./success.tsx";
import { useLeadForm } from "./use-lead-form.ts";
import { paths } from "#core/lib/paths.ts";

/** The application on every /career/<slug>/ page. */
export function JobApplicationForm({ position, title, initial }: { position: string; title: string; initial?: FormAnswer }) {
  const form = useLeadForm("job", initial);
  const headingId = form.fieldId("heading");
  const resend = initial && !initial.ok && initial.values ? "Если прикрепляли файл, выберите его ещё раз." : undefined;
  return (
    <section className="lead-form" id="job-application" data-form="job" aria-labelledby={headingId}>
      <h2 id={headingId}>Откликнуться на вакансию</h2>
      {form.sent ? (
        <FormSuccess kind="job" id={form.sent.id} number={form.sent.number} onAgain={form.reset} />
      ) : (
        <form method="post" action={paths.form("job")} encType="multipart/form-data" noValidate {...form.handlers}>
          <HiddenFields form={form} />
          <input type="hidden" name="position" value={position} />
          <p className="lead-form__context">Вакансия: {title}</p>
          <div className="lead-form__grid">
            <TextField form={form} name="name" label="Имя и фамилия" autoComplete="name" required />
            <TextField form={form} name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" required />
            <TextField form={form} name="phone" label="Телефон" type="tel" inputMode="tel" autoComplete="tel" required />
          </div>
          <FileField form={form} name="cv" label="Резюме" accept={CV_ACCEPT} hint={resend ?? "PDF, DOC, DOCX или ODT до 5 МБ — или ссылка ниже"} eitherOr />
          <TextField form={form} name="cvLink" label="Или ссылка на резюме" type="url" inputMode="url" hint="hh.ru, облачный диск, личный сайт" eitherOr />
          <TextArea form={form} name="letter" label="Сопроводительное письмо" />
          <ConsentCheckbox form={form} name="consent" required>
            Даю <ConsentDocuments /> — для рассмотрения отклика
          </ConsentCheckbox>
          <FormFooter form={form} label="Откликнуться" />
        </form>
      )}
    </section>
  );
}
