import { useId, useState } from "react";
import { matchRouteRule, type RouteRules } from "#core/lib/route-rules.ts";
import { Button } from "../ui/index.ts";

/**
 * «Проверить адрес» under the redirect tables: where an address would go
 * with the rows and rules as the form holds them now (before saving), by the
 * server's own order: an old address of the table first, then the most
 * specific rule (core/lib/route-rules.ts, which the server applies).
 */
type Row = { from?: unknown; to?: unknown };
type Rule = { pattern?: unknown; redirect?: unknown; status?: unknown };

const trim = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

export function whereGoes(address: string, redirects: Row[], rules: Rule[]): string {
  const typed = address.trim();
  if (!typed.startsWith("/")) return "Напишите адрес сайта, начиная с /: например /blog/seo/";
  const path = typed.split("#")[0] as string;
  const row = redirects.find((r) => typeof r.from === "string" && (r.from === path || trim(r.from) === trim(path)));
  if (row && typeof row.to === "string") return `Ведёт на ${row.to}: строка «Старые адреса», навсегда (301)`;
  const table: RouteRules = {};
  for (const rule of rules) {
    if (typeof rule.pattern === "string" && typeof rule.redirect === "string") {
      const status = rule.status === 302 || rule.status === 307 || rule.status === 308 ? rule.status : 301;
      table[rule.pattern] = { redirect: rule.redirect, status };
    }
  }
  const match = matchRouteRule(table, path.split("?")[0] as string);
  if (match) return `Ведёт на ${match.target}: правило для разделов, ${match.status === 301 || match.status === 308 ? "навсегда" : "временно"} (${match.status})`;
  return "Никуда не перенаправляется: откроется страница с этим адресом, если она есть";
}

export function AddressCheck({ values }: { values: Record<string, unknown> }) {
  const id = useId();
  const [address, setAddress] = useState("");
  const [answer, setAnswer] = useState("");
  const check = () => setAnswer(whereGoes(address, Array.isArray(values.redirects) ? values.redirects : [], Array.isArray(values.rules) ? values.rules : []));
  return (
    <div className="s-group">
      <div className="s-field">
        <label className="s-field__label" htmlFor={id}>
          Проверить адрес
        </label>
        <p className="s-field__hint" id={`${id}-h`}>
          Куда попадёт посетитель с этим адресом по строкам и правилам выше, ещё до сохранения
        </p>
        <div className="s-actions">
          <input
            id={id}
            className="s-input"
            type="text"
            placeholder="/blog/seo/"
            aria-describedby={`${id}-h`}
            value={address}
            maxLength={2000}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                check();
              }
            }}
          />
          <Button onClick={check}>Проверить адрес</Button>
        </div>
      </div>
      <p role="status">{answer}</p>
    </div>
  );
}
