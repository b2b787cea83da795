import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { type CollectionName, hasOwnPage, SECTION_PATHS } from "#core/content/catalog.ts";
import type { ListedEntry } from "#core/studio/content-api.ts";
import { pages } from "#core/studio/paths.ts";
import { TRASH_DAYS } from "#core/studio/trash-api.ts";
import { api, ApiFailure } from "../api/client.ts";
import { Button, Notice } from "../ui/index.ts";

/**
 * What can be done to several entries of a list at once: publish them (the
 * chosen ones preselected in «Публикации», where a publication gets its
 * name and time) or move them to «Корзина», each through the same checked
 * deletion as from its own page (a referenced one is refused and named).
 */
type Props = {
  type: CollectionName;
  chosen: readonly ListedEntry[];
  canPublish: boolean;
  onDone(message: string, failed: readonly string[]): void;
  onClear(): void;
};

/** The router's address of «Публикации» with these entries already ticked. */
export function publishHref(type: string, slugs: readonly string[]): string {
  const query = new URLSearchParams(slugs.map((slug) => ["choose", `${type}/${slug}`]));
  return `${pages.releases}?${query.toString()}`;
}

export function BulkActions({ type, chosen, canPublish, onDone, onClear }: Props) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [redirect, setRedirect] = useState(true);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const publishable = chosen.filter((entry) => entry.unpublished !== null);
  const published = chosen.filter((entry) => entry.life.state !== "draft");

  async function toTrash() {
    setBusy(true);
    const failed: string[] = [];
    let moved = 0;
    for (const [index, entry] of chosen.entries()) {
      setProgress(index + 1);
      try {
        const body = { baseHash: entry.hash, ...(redirect && hasOwnPage(type) ? { redirect: { to: SECTION_PATHS[type] } } : {}) };
        await api("POST", `/content/${type}/${encodeURIComponent(entry.slug)}/delete`, body);
        moved += 1;
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure;
        failed.push(`«${entry.title}»: ${failure.message}`);
      }
    }
    setBusy(false);
    setConfirming(false);
    await revalidator.revalidate();
    onDone(`В «Корзину» перемещено: ${moved} из ${chosen.length}.`, failed);
  }

  return (
    <div className="s-bulk" role="region" aria-label="Действия с выбранными">
      <p className="s-bulk__count">Выбрано: {chosen.length}</p>
      <div className="s-actions">
        {canPublish ? (
          publishable.length > 0 ? (
            <Link className="s-button s-button--primary" to={publishHref(type, publishable.map((entry) => entry.slug))}>
              Опубликовать выбранные ({publishable.length})
            </Link>
          ) : (
            <span className="s-field__hint">Выбранное уже на&nbsp;сайте: публиковать нечего</span>
          )
        ) : null}
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={confirming}>
          В «Корзину»
        </Button>
        <Button variant="quiet" onClick={onClear}>
          Снять выделение
        </Button>
      </div>
      {confirming ? (
        <section className="s-panel s-panel--danger" aria-labelledby="bulk-trash-title">
          <h2 id="bulk-trash-title" className="s-section__title">
            Переместить в&nbsp;«Корзину»: {chosen.length}?
          </h2>
          <p>
            Записи пробудут в&nbsp;«Корзине» {TRASH_DAYS} дней, их можно будет восстановить. С&nbsp;сайта они исчезнут после публикации. Запись, на&nbsp;которую
            ссылаются другие, останется на&nbsp;месте: её назовём.
          </p>
          {published.length > 0 && hasOwnPage(type) ? (
            <div className="s-check">
              <input id="bulk-redirect" type="checkbox" checked={redirect} onChange={(e) => setRedirect(e.target.checked)} />
              <label htmlFor="bulk-redirect">
                Перенаправлять адреса опубликованных ({published.length}) на&nbsp;{SECTION_PATHS[type]} (301)
              </label>
            </div>
          ) : null}
          {busy ? (
            <Notice tone="info">
              Перемещаем: {progress} из {chosen.length}…
            </Notice>
          ) : null}
          <div className="s-actions">
            <Button variant="danger" busy={busy} onClick={() => void toTrash()}>
              Переместить
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Отмена
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
