import { z } from "zod";
import { formatCount, plural } from "../lib/format.ts";

/**
 * Content is checked in Russian everywhere (the studio's fields, the
 * server's refusals, a release's error output): zod's Russian locale, with
 * plainer words for what people meet most (an empty field, a short list).
 * Schemas that give their own message keep it.
 */

/** 5 000, 50 000: as Russian writes numbers (a no-break space between thousands). */
const count = (n: unknown) => formatCount(Number(n));

const locale = z.locales.ru();

z.config({
  ...locale,
  customError(issue) {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Обязательное поле";
    if (issue.code === "invalid_type" && issue.expected === "number") return "Нужно число";
    if (issue.code === "too_small" && issue.origin === "string") {
      const min = Number(issue.minimum);
      return min <= 1 ? "Заполните поле" : `Не короче ${min} ${plural(min, ["символа", "символов", "символов"])}`;
    }
    if (issue.code === "too_big" && issue.origin === "string") return `Не\u00a0длиннее ${count(issue.maximum)} знаков`;
    if (issue.code === "too_small" && issue.origin === "array") {
      const min = Number(issue.minimum);
      return `Нужно не меньше ${min} ${plural(min, ["пункта", "пунктов", "пунктов"])}`;
    }
    if (issue.code === "too_big" && issue.origin === "array") {
      const max = Number(issue.maximum);
      return `Не\u00a0больше ${count(max)} ${plural(max, ["пункта", "пунктов", "пунктов"])}`;
    }
    if (issue.code === "too_small" && issue.origin === "number") return `Не меньше ${Number(issue.minimum)}`;
    if (issue.code === "too_big" && issue.origin === "number") return `Не больше ${Number(issue.maximum)}`;
    if (issue.code === "invalid_value") return "Выберите один из вариантов";
    // A handful named: a body of a quarter of a million keys must not come back as a message of megabytes.
    if (issue.code === "unrecognized_keys") return `Лишние поля: ${issue.keys.slice(0, 5).join(", ")}${issue.keys.length > 5 ? ` и\u00a0ещё ${count(issue.keys.length - 5)}` : ""}`;
    if (issue.code === "invalid_format" && issue.format === "email") return "Адрес почты, например info@orientir.ru";
    if (issue.code === "invalid_format" && issue.format === "url") return "Ссылка, начинающаяся с https://";
    return undefined;
  },
});
