import { useState } from "react";
import type { EditableType } from "#core/content/catalog.ts";
import type { PendingChange, Saver } from "#core/studio/content-api.ts";
import { api } from "../api/client.ts";
import { formatDateTime } from "../lib/format.ts";
import type { Titles } from "./diff.ts";
import { EntryDiff } from "./entry-diff.tsx";

/**
 * Before a publication (issue 52): who saved the change that would go live,
 * and what it changes on the site — the entry as published against the
 * entry as saved, field by field, opened on demand.
 */

/** «Павел Второй, 30.11.2026, 06:28». */
export const saverText = (saver: Saver) => `${saver.name}, ${formatDateTime(saver.at)}`;

/** Those among `savers` other than `login` (a commit made outside the studio counts as someone else): whom a publication names before it goes. */
export const othersAmong = (savers: readonly Saver[], login: string) => savers.filter((saver) => saver.login !== login);

export function PendingDiff({ type, slug, titles = {}, label }: { type: EditableType; slug: string; titles?: Titles; label: string }) {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="s-pending">
      <button
        type="button"
        className="s-button s-button--quiet"
        aria-expanded={open}
        onClick={async () => {
          if (!open && pending === null) {
            try {
              setPending(await api<PendingChange>("GET", `/content/${type}/${encodeURIComponent(slug)}/pending`));
              setFailed(false);
            } catch {
              setFailed(true);
              return;
            }
          }
          setOpen(!open);
        }}
      >
        {open ? "Скрыть изменения" : "Что изменится на сайте"}
        <span className="s-visually-hidden">: {label}</span>
      </button>
      {failed ? <p className="s-field__error">Не удалось загрузить изменения: нет связи с сервером.</p> : null}
      {open && pending ? (
        pending.live === null ? (
          <p className="s-muted">На сайте этой записи ещё нет: она появится целиком.</p>
        ) : pending.saved === null ? (
          <p className="s-muted">Запись удалена: её страница исчезнет с сайта.</p>
        ) : (
          <EntryDiff type={type} before={pending.live} after={pending.saved} titles={titles} />
        )
      ) : null}
    </div>
  );
}
