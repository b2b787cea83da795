/**
 * «Настройки»: what an admin sets in the studio instead of the server's variables (the team's
 * mailboxes, the CRM webhook, how long requests are kept). Shared by the studio's server and its
 * page. A variable set on the server wins and is shown read-only; a secret is never sent back,
 * only whether it is set.
 */
export const SETTING_NAMES = ["salesEmail", "jobsEmail", "webhookUrl", "webhookSecret", "retentionDays"] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** Each setting's words on the screen and in the journal (the journal names the setting, never a secret's value). */
export const SETTING_LABELS: Record<SettingName, string> = {
  salesEmail: "Почта для заявок на\u00a0проекты",
  jobsEmail: "Почта для откликов на\u00a0вакансии",
  webhookUrl: "Адрес вебхука CRM",
  webhookSecret: "Секрет подписи вебхука",
  retentionDays: "Срок хранения заявок, дней",
};

/** The server variable that wins over each setting where it is set. */
export const SETTING_VARIABLES: Record<SettingName, string> = {
  salesEmail: "LEADS_EMAIL_TO",
  jobsEmail: "JOBS_EMAIL_TO",
  webhookUrl: "LEADS_WEBHOOK_URL",
  webhookSecret: "LEADS_WEBHOOK_SECRET",
  retentionDays: "LEADS_RETENTION_DAYS",
};

/** Where a value comes from: the server's environment (read-only here), the studio, or nowhere (the default). */
export type SettingSource = "environment" | "studio" | "default";

export type TextSetting = { value: string; source: SettingSource };
/** A secret: whether it is set, never its value; `unreadable`: kept, but sealed with another key than this server's. */
export type SecretSetting = { set: boolean; source: SettingSource; unreadable?: true };

/**
 * The Metrica counter on the site: the live release's, or the environment's (PUBLIC_METRIKA_ID, read-only);
 * `publishing`: the one a publication under way is putting on every page (null: taking it off);
 * `canPublish`: false where this server publishes nothing (the dev server's content on disk);
 * `failed`: why the last publication of a counter put nothing on the site (the live one stays).
 */
export type CounterSetting = { value: string; source: SettingSource; publishing?: string | null; canPublish: boolean; failed?: string };

/** One run of the daily retention (or its failure), as the screen and the journal show it. */
export type RetentionResult = { at: number; ok: boolean; days: number; submissions: number; subscriptions: number; wiped: boolean; error?: string };

/** GET /studio/api/settings */
export type SettingsView = {
  salesEmail: TextSetting;
  jobsEmail: TextSetting;
  webhookUrl: TextSetting;
  webhookSecret: SecretSetting;
  retentionDays: TextSetting;
  /** The Metrica counter: in every page's head and in the site's CSP, so a new one is a publication of every page. */
  metrikaId: CounterSetting;
  /** Whether mail goes out at all (SMTP_URL): without it the mailboxes get nothing. */
  mail: boolean;
  retention: {
    /** The daily run's Moscow time («03:30»); null: off (RETENTION_DAILY_AT=off). */
    dailyAt: string | null;
    /** When the next daily run is due; null: off. */
    nextAt: number | null;
    last: RetentionResult | null;
  };
};

/**
 * PUT /studio/api/settings: only what changes. A text "" clears the studio's value (the default
 * applies again); `webhookSecret` a new secret; `clearWebhookSecret` removes it; `metrikaId` a new
 * counter ("" none), published at once on every page.
 */
export type SettingsChange = Partial<Record<Exclude<SettingName, "webhookSecret">, string>> & { webhookSecret?: string; clearWebhookSecret?: boolean; metrikaId?: string };

/** The counter's words on the screen and in the journal. */
export const COUNTER_LABEL = "Номер счётчика Яндекс Метрики";

/** POST /studio/api/settings/webhook-test */
export type WebhookTestResult = { ok: boolean; status: number | null; ms: number; message: string };

export const SETTINGS_MESSAGES = {
  email: "Это не\u00a0похоже на\u00a0e-mail",
  urlInvalid: "Это не\u00a0похоже на\u00a0адрес: нужен вида https://crm.example.ru/hooks/leads",
  urlHttps: "Адрес должен начинаться с\u00a0https://",
  urlCredentials: "Уберите логин и\u00a0пароль из\u00a0адреса: CRM проверяет подпись",
  urlPrivate: "Этот адрес ведёт во\u00a0внутреннюю сеть сервера, такой указать нельзя",
  urlUnknown: "Такого адреса нет: сервер не\u00a0нашёл его имя в\u00a0DNS",
  secretShort: "Секрет должен быть не\u00a0короче 16\u00a0символов",
  secretLong: "Секрет должен быть не\u00a0длиннее 200\u00a0символов",
  secretNeeded: "Без секрета CRM не\u00a0сможет проверить подпись: задайте его",
  days: "Укажите целое число дней от\u00a01 до\u00a03650",
  fromEnvironment: "Задано в\u00a0окружении сервера: здесь это не\u00a0изменить",
  noWebhook: "Сначала сохраните адрес вебхука и\u00a0секрет",
  counter: "Номер счётчика\u00a0— только цифры, до\u00a012: его видно в\u00a0Метрике рядом с\u00a0названием сайта",
  counterBusy: "Сейчас идёт другая публикация: сохраните счётчик, когда она закончится",
  counterNoPublishing: "Этот сервер ничего не\u00a0публикует (режим разработки): счётчик задаётся переменной PUBLIC_METRIKA_ID",
  unreadableSecret: "Секрет сохранён с\u00a0другим ключом шифрования, этот сервер не\u00a0может его прочитать: задайте его заново",
} as const;
