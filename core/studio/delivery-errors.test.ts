import { describe, expect, it } from "vitest";
import { explainDeliveryError } from "./delivery-errors.ts";

describe("delivery errors in words", () => {
  it("says in Russian what the technical errors of the webhook and the mail mean", () => {
    const cases: Array<[string, RegExp]> = [
      ["webhook: fetch failed", /^Не\u00a0получилось связаться с\u00a0CRM/],
      ["webhook: fetch failed (ECONNREFUSED)", /^Сервер CRM не\u00a0принял соединение/],
      ["webhook: fetch failed (ENOTFOUND)", /^Адрес CRM не\u00a0найден/],
      ["webhook: no answer within 10 s", /^CRM не\u00a0ответила вовремя/],
      ["webhook: HTTP 401", /секрет подписи/],
      ["webhook: HTTP 502", /^Ошибка на\u00a0стороне CRM \(код 502\)/],
      ["webhook: HTTP 400", /^CRM отклонила заявку \(код 400\)/],
      ["mail: Invalid login: 535 5.7.8 Authentication failed", /логин или пароль/],
      ["mail: Connection timeout", /^Почтовый сервер недоступен/],
      ["SMTP 550 mailbox full", /отказался принять письмо/],
      ["mail: 452 4.2.2 Try again later", /временно/],
    ];
    for (const [technical, words] of cases) expect(explainDeliveryError(technical), technical).toMatch(words);
    expect(explainDeliveryError(null)).toBeNull();
    expect(explainDeliveryError("something new")).toBe("Доставка не\u00a0удалась.");
  });

  it("never answers in English, whatever the technical text", () => {
    for (const technical of ["webhook: weird failure", "mail: weird failure", "webhook: HTTP 418", "mail: 421 busy", "x"]) {
      const words = explainDeliveryError(technical) ?? "";
      expect(words, technical).toMatch(/^[А-ЯЁA-Z][^.]*[а-яё]/);
      expect(words, technical).not.toMatch(/weird|failure|busy/);
    }
  });
});
