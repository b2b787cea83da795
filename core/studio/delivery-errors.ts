/**
 * What a failed delivery's technical error (server/leads/webhook.ts, mail.ts: `webhook: HTTP 502`,
 * `webhook: fetch failed (ECONNREFUSED)`, `mail: 550 5.1.1 mailbox unavailable`) means for the
 * person reading the submission, in Russian: what happened and what to do. The technical text
 * stays available beside it, for whoever sets the CRM or the mail up.
 */
type Rule = { test: RegExp; text: string | ((match: RegExpMatchArray) => string) };

const WEBHOOK: Rule[] = [
  { test: /no answer within|timeout|ETIMEDOUT|aborted/i, text: "CRM не\u00a0ответила вовремя. Обычно это временно: сайт повторит доставку сам." },
  { test: /EPRIVATEADDRESS|may not be called/, text: "Адрес CRM ведёт во\u00a0внутреннюю сеть сервера, а\u00a0туда сайт заявки не\u00a0отправляет: укажите в\u00a0«Настройках» адрес CRM в\u00a0интернете." },
  { test: /ENOTFOUND|EAI_AGAIN/, text: "Адрес CRM не\u00a0найден: проверьте адрес в\u00a0настройках сайта (LEADS_WEBHOOK_URL)." },
  { test: /ECONNREFUSED/, text: "Сервер CRM не\u00a0принял соединение: он выключен или в\u00a0настройках сайта неверный адрес." },
  { test: /certificate|CERT_|SSL|TLS/i, text: "Сайт не\u00a0доверяет HTTPS-сертификату сервера CRM: его нужно обновить или исправить." },
  { test: /HTTP (401|403)/, text: (m) => `CRM отказала в\u00a0доступе (код ${m[1]}): скорее всего, не\u00a0совпадает секрет подписи (LEADS_WEBHOOK_SECRET).` },
  { test: /HTTP 404/, text: "В\u00a0CRM нет такого адреса (код 404): проверьте адрес в\u00a0настройках сайта." },
  { test: /HTTP 413/, text: "CRM не\u00a0приняла заявку из-за размера (код 413)." },
  { test: /HTTP 429/, text: "CRM просит присылать реже (код 429). Сайт повторит доставку позже." },
  { test: /HTTP (3\d\d)/, text: (m) => `CRM ответила перенаправлением (код ${m[1]}): адрес в\u00a0настройках сайта устарел.` },
  { test: /HTTP (4\d\d)/, text: (m) => `CRM отклонила заявку (код ${m[1]}).` },
  { test: /HTTP (5\d\d)/, text: (m) => `Ошибка на\u00a0стороне CRM (код ${m[1]}). Обычно это временно: сайт повторит доставку сам.` },
  { test: /fetch failed|ECONNRESET|EPIPE|socket/i, text: "Не\u00a0получилось связаться с\u00a0CRM: сеть или сервер CRM недоступны." },
];

const MAIL: Rule[] = [
  { test: /Invalid login|EAUTH|\b535\b|\b534\b/i, text: "Почтовый сервер не\u00a0принял логин или пароль сайта (SMTP_URL)." },
  { test: /ENOTFOUND|EAI_AGAIN/, text: "Адрес почтового сервера не\u00a0найден: проверьте SMTP_URL в\u00a0настройках сайта." },
  { test: /ECONNREFUSED|ETIMEDOUT|ESOCKET|ECONNECTION|Greeting never received|Connection timeout|timeout/i, text: "Почтовый сервер недоступен. Сайт повторит отправку сам." },
  { test: /\b(550|551|553)\b|mailbox unavailable|user unknown|no such user/i, text: "Почтовый сервер получателя отказался принять письмо: ящика нет или он закрыт." },
  { test: /\b552\b|mailbox full|quota/i, text: "Ящик получателя переполнен: письмо не\u00a0принято." },
  { test: /\b554\b|spam|blocked|rejected/i, text: "Письмо отклонено почтовым сервером (возможно, сочтено спамом)." },
  { test: /\b4\d\d\b/, text: "Почтовый сервер временно не\u00a0принял письмо. Сайт повторит отправку сам." },
];

function explain(rules: Rule[], detail: string): string | null {
  for (const rule of rules) {
    const match = detail.match(rule.test);
    if (match) return typeof rule.text === "string" ? rule.text : rule.text(match);
  }
  return null;
}

/** The error in words; null when there was none. */
export function explainDeliveryError(error: string | null): string | null {
  if (!error) return null;
  if (error.startsWith("webhook:")) return explain(WEBHOOK, error) ?? "Заявка не\u00a0доставлена в\u00a0CRM.";
  if (error.startsWith("mail:")) return explain(MAIL, error) ?? "Письмо с\u00a0заявкой не\u00a0отправлено: почтовый сервер ответил ошибкой.";
  return explain(MAIL, error) ?? "Доставка не\u00a0удалась.";
}
