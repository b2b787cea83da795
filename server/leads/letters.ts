import { VARIANT_LETTERS } from "#core/landings/variants.ts";
import type { MailMessage } from "./mail.ts";
import type { OutboxItem, Submission } from "./types.ts";
import { numberLabel } from "#core/forms/kinds.ts";
import { paths } from "#core/lib/paths.ts";

/** What each channel sends for a submission: the CRM's JSON and the e-mails, in Russian. */

export type WebhookEvent = "submission.created" | "subscription.confirmed";

export function webhookBody(s: Submission, item: OutboxItem): { event: WebhookEvent; body: string } {
  const event = (item.payload?.event as WebhookEvent | undefined) ?? "submission.created";
  const body = {
    event,
    // The id is the machines' key (stable, unique across kinds); the number is what people call it by.
    id: s.id,
    number: s.number ?? null,
    form: s.form,
    createdAt: new Date(s.createdAt).toISOString(),
    ...(event === "subscription.confirmed" ? { confirmedAt: item.payload?.confirmedAt } : {}),
    page: s.page,
    utm: s.utm,
    visit: s.visit,
    // The landing it was sent from, the variant of its headline test and the form's label; null from other pages.
    campaign: s.campaign,
    fields: s.data,
    consent: s.consent,
    // The CV itself goes to the HR mailbox; the CRM gets what identifies it.
    file: s.file,
  };
  return { event, body: JSON.stringify(body) };
}

function messageId(s: Submission, item: OutboxItem, origin: string): string {
  return `<${s.id}.${item.channel}@${new URL(origin).hostname}>`;
}

const line = (label: string, value: unknown) => (value === undefined || value === null || value === "" ? [] : [`${label}: ${String(value)}`]);

function footer(s: Submission, origin: string): string[] {
  const utm = Object.entries(s.utm).map(([k, v]) => `${k}=${v}`).join(", ");
  const c = s.consent;
  return [
    "",
    ...line("Страница", s.page ? origin + s.page : ""),
    ...line("UTM", utm),
    ...line("Пришли с сайта", s.visit.referrer),
    ...line("Первая страница визита", s.visit.landing && s.visit.landing !== s.page ? origin + s.visit.landing : ""),
    ...line("Вариант заголовка лендинга", s.campaign?.variant ? VARIANT_LETTERS[s.campaign.variant] : ""),
    ...line("Метка кампании", s.campaign?.label),
    `Согласие на обработку ПДн: ${c.at}, IP ${c.ip}, согласие в редакции ${c.documents.agreement}, политика в редакции ${c.documents.privacy}`,
    // The studio's page of it, where the team works on it (the id alone told a person nothing).
    `Открыть в студии: ${origin}/studio/inbox/${s.id}/`,
  ];
}

type ProjectFields = {
  name: string;
  phone: string;
  email: string;
  company: string;
  services: Array<{ slug: string; name: string }>;
  budget: { key: string; label: string } | null;
  message: string;
  newsletter: boolean;
};

type JobFields = {
  position: { slug: string; title: string };
  name: string;
  email: string;
  phone: string;
  cvLink: string;
  letter: string;
};

type EventFields = {
  event: { slug: string; title: string; startsAt: string; when: string; place: string; online: boolean };
  name: string;
  email: string;
  phone: string;
  company: string;
};

/** The letter to the sales or HR mailbox. */
export function teamLetter(s: Submission, item: OutboxItem, origin: string, cv: MailMessage["attachments"]): MailMessage {
  const to = String(item.payload?.to ?? "");
  if (s.form === "event") {
    const f = s.data as EventFields;
    return {
      to,
      subject: `${numberLabel(s.form, s.number)} на событие «${f.event.title}»: ${f.name}${f.company ? `, ${f.company}` : ""}`,
      replyTo: f.email,
      messageId: messageId(s, item, origin),
      text: [
        `${numberLabel(s.form, s.number)} на событие «${f.event.title}» (${f.event.when}).`,
        "",
        ...line("Имя", f.name),
        ...line("E-mail", f.email),
        ...line("Телефон", f.phone),
        ...line("Компания", f.company),
        ...footer(s, origin),
      ].join("\n"),
    };
  }
  if (s.form === "job") {
    const f = s.data as JobFields;
    return {
      to,
      subject: `${numberLabel(s.form, s.number)} на вакансию «${f.position.title}»: ${f.name}`,
      replyTo: f.email,
      messageId: messageId(s, item, origin),
      text: [
        `${numberLabel(s.form, s.number)} на вакансию «${f.position.title}».`,
        "",
        ...line("Имя", f.name),
        ...line("E-mail", f.email),
        ...line("Телефон", f.phone),
        ...line("Резюме", s.file ? `во вложении (${s.file.name}, SHA-256 ${s.file.sha256})` : f.cvLink),
        ...(f.letter ? ["", "Сопроводительное письмо:", f.letter] : []),
        ...footer(s, origin),
      ].join("\n"),
      attachments: cv,
    };
  }
  const f = s.data as ProjectFields;
  return {
    to,
    subject: `${numberLabel(s.form, s.number)} с сайта: ${f.name}${f.company ? `, ${f.company}` : ""}`,
    ...(f.email ? { replyTo: f.email } : {}),
    messageId: messageId(s, item, origin),
    text: [
      `${numberLabel(s.form, s.number)} «Обсудить проект».`,
      "",
      ...line("Имя", f.name),
      ...line("Телефон", f.phone),
      ...line("E-mail", f.email),
      ...line("Компания", f.company),
      ...line("Услуги", f.services.map((x) => x.name).join(", ")),
      ...line("Бюджет", f.budget?.label),
      ...(f.message ? ["", "Сообщение:", f.message] : []),
      ...(f.newsletter ? ["", "Просит подписать на рассылку (после подтверждения по почте)."] : []),
      ...footer(s, origin),
    ].join("\n"),
  };
}

/** Double opt-in: the link that activates the subscription. */
export function confirmationLetter(s: Submission, item: OutboxItem, origin: string, confirmPath: string): MailMessage {
  const email = String((s.data as { email?: string }).email ?? "");
  const link = `${origin}${confirmPath}?token=${encodeURIComponent(String(item.payload?.token ?? ""))}`;
  return {
    to: email,
    subject: "Подтвердите подписку на рассылку",
    messageId: messageId(s, item, origin),
    text: [
      "Здравствуйте!",
      "",
      "Чтобы получать нашу рассылку, подтвердите подписку по ссылке:",
      link,
      "",
      "Ссылка действует 7 дней и срабатывает один раз.",
      "Если вы не подписывались, просто не отвечайте на это письмо: без подтверждения мы ничего присылать не будем.",
      // The number the page showed after sending, so a person who writes to us can be found by it.
      ...(s.number ? ["", `${numberLabel(s.form, s.number)} — назовите этот номер, если будете писать нам.`] : []),
    ].join("\n"),
  };
}

/** To the person who registered for an event: what, when and where, and the event's page. */
export function attendeeLetter(s: Submission, item: OutboxItem, origin: string): MailMessage {
  const f = s.data as EventFields;
  return {
    to: f.email,
    subject: `Вы зарегистрированы: «${f.event.title}»`,
    messageId: messageId(s, item, origin),
    text: [
      `${f.name}, здравствуйте!`,
      "",
      `Вы зарегистрированы на «${f.event.title}».`,
      ...line("Когда", f.event.when),
      ...line(f.event.online ? "Где смотреть" : "Где", f.event.place),
      ...line("О событии", `${origin}${paths.event(f.event.slug)}`),
      "",
      "Если планы изменятся, ответьте на это письмо — освободим место для другого участника.",
      ...(s.number ? ["", `${numberLabel(s.form, s.number)} — назовите этот номер, если будете писать нам.`] : []),
    ].join("\n"),
  };
}

/**
 * To a studio user made responsible for a submission (channel "assign"): which one, who
 * assigned it, and where it is in the studio. No personal data beyond the person's name.
 */
export function assignmentLetter(s: Submission, item: OutboxItem, origin: string): MailMessage {
  const payload = (item.payload ?? {}) as { to?: string; name?: string; by?: string };
  const what = numberLabel(s.form, s.number);
  const name = typeof s.data.name === "string" && s.data.name ? ` от ${s.data.name}` : "";
  return {
    to: String(payload.to ?? ""),
    subject: `Вы ответственный: ${what}${name}`,
    text: [
      `${payload.name ?? "Здравствуйте"}, вас назначили ответственным за ${what.toLowerCase()}${name}.`,
      ...line("Назначил", payload.by),
      "",
      `Открыть в студии: ${origin}/studio/inbox/${s.id}/`,
    ].join("\n"),
    // A letter per assignment: a later one is a new letter, not a repeat of the first.
    messageId: `<${s.id}.assign.${item.createdAt}@${new URL(origin).hostname}>`,
  };
}
