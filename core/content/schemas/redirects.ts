import { z } from "zod";
import { withGroups } from "../fields.ts";
import { ITEMS_MAX, REDIRECTS_MAX, URL_MAX } from "../limits.ts";

/**
 * The redirect tables as the studio edits them: `content/redirects.csv` (old
 * addresses, one 301 each) and `content/route-rules.json` (exact paths and
 * `/prefix/**` rules). Their files keep their own formats; the server reads
 * and checks them (server/redirect-table.ts, core/lib/route-rules.server.ts,
 * server/releases/tables.ts), and a save goes through the same checks.
 */
// An old address may carry one query parameter: a tag page whose address changed (`/academy/?tag=analytics`).
const path = () => z.string().max(URL_MAX).regex(/^\/[^\s,?#"]*(?:\?[^\s,?#"&=]+=[^\s,?#"&=]+)?$/, "Адрес на сайте, начинающийся с /, можно с одним параметром после ?");
const target = () => z.string().max(URL_MAX).regex(/^(\/[^\s,"]*|https:\/\/[^\s,"]+)$/, "Адрес сайта (с /) или ссылка https://");

export const RedirectsSchema = withGroups(
  z.strictObject({
  redirects: z
    .array(
      z.strictObject({
        from: path().meta({ title: "Старый адрес" }),
        to: target().meta({ title: "Куда ведёт", description: "Страница сайта или ссылка https://" }),
      }),
    )
    .max(REDIRECTS_MAX)
    .meta({ title: "Старые адреса", description: "Каждый отвечает постоянным перенаправлением (301) на живую страницу" }),
  rules: z
    .array(
      z.strictObject({
        pattern: z
          .string()
          .max(URL_MAX)
          .regex(/^\/[^\s?#]*$/, "Адрес, начинающийся с /, можно с /** в конце")
          .meta({ title: "Адрес или раздел", description: "Один адрес, например /price/, или целый раздел: /blog/** ведёт всё, что начинается с /blog/. Проверьте правило кнопкой «Проверить адрес» ниже" }),
        redirect: target().meta({ title: "Куда ведёт", description: "Для раздела: /** в конце переносит остаток адреса (/blog/a/ → /academy/a/), без него все адреса раздела ведут на одну страницу" }),
        status: z
          .union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)])
          .default(301)
          .meta({ title: "Код ответа", description: "301 — навсегда, 302 — временно" }),
      }),
    )
    .max(ITEMS_MAX)
    .meta({ title: "Правила для разделов" }),
  }),
  [
    { title: "Старые адреса", fields: ["redirects"] },
    { title: "Правила для разделов", fields: ["rules"] },
  ],
);

export type RedirectsValues = z.input<typeof RedirectsSchema>;
