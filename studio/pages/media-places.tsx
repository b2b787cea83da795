import { useEffect, useState } from "react";
import { Link } from "react-router";
import { isEditableType, SINGLE } from "#core/content/catalog.ts";
import { isNeeded, type MediaPlaces, type MediaRefused, type MediaUse, versionWords } from "#core/studio/media-api.ts";
import { TRASH_DAYS } from "#core/studio/trash-api.ts";
import { api, ApiFailure } from "../api/client.ts";
import { contentHref } from "../content/paths.ts";
import { formatDateTime } from "../lib/format.ts";
import { Button } from "../ui/index.ts";

/**
 * «Где используется» of one image in «Медиа»: every place that still needs it
 * (saved entries, the live site, drafts, kept versions, «Корзина»), read when
 * the image is opened, and «Удалить изображение» (to «Корзина») only when
 * there is none. A refusal (someone took it up meanwhile) shows the places anew.
 */
type Props = { file: string; busy: boolean; onDelete(): Promise<MediaRefused | null> };

const entryLink = (use: MediaUse, words: string) =>
  isEditableType(use.type) ? <Link to={use.slug === SINGLE ? contentHref(use.type) : contentHref(use.type, use.slug)}>{words}</Link> : words;

export function MediaPlacesView({ file, busy, onDelete }: Props) {
  const [places, setPlaces] = useState<MediaPlaces | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api<MediaPlaces>("GET", `/media/${file}/places`).then(
      (found) => current && setPlaces(found),
      (failure: unknown) => {
        if (!(failure instanceof ApiFailure)) throw failure;
        if (current) setFailed(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [file]);

  if (failed) return <p className="s-field__error">Не удалось узнать, где используется изображение: {failed}</p>;
  if (!places) return <p role="status">Ищем, где используется изображение…</p>;
  if (!isNeeded(places)) {
    return (
      <>
        <p>Нигде: ни в&nbsp;записях, ни&nbsp;на&nbsp;сайте, ни&nbsp;в&nbsp;черновиках и&nbsp;сохранённых версиях. Удалённое изображение {TRASH_DAYS}&nbsp;дней можно вернуть из&nbsp;«Корзины».</p>
        <div className="s-actions">
          <Button
            variant="danger"
            busy={busy}
            onClick={() =>
              void onDelete().then((refused) => {
                if (refused) setPlaces(refused.places);
              })
            }
          >
            Удалить изображение
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <ul className="s-media__places">
        {places.entries.map((use) => (
          <li key={`saved/${use.type}/${use.slug}`}>{entryLink(use, `«${use.title}»`)}</li>
        ))}
        {places.live.map((use) => (
          <li key={`live/${use.type}/${use.slug}`}>На&nbsp;сайте: опубликованная версия {entryLink(use, `«${use.title}»`)}</li>
        ))}
        {places.drafts.map((use) => (
          <li key={`draft/${use.type}/${use.slug}/${use.by}`}>
            Черновик {entryLink(use, `«${use.title}»`)} ({use.by})
          </li>
        ))}
        {places.versions.map((use) => (
          <li key={`version/${use.type}/${use.slug}`}>{entryLink(use, capitalized(versionWords(use)))}</li>
        ))}
        {places.trash.map((use) => (
          <li key={`trash/${use.type}/${use.slug}/${use.deletedAt}`}>
            «{use.title}» в&nbsp;«Корзине», удалена {formatDateTime(use.deletedAt)}
          </li>
        ))}
      </ul>
      <p className="s-field__hint">
        Пока изображение нужно хотя бы в&nbsp;одном из&nbsp;этих мест, удалить его нельзя: иначе страница или восстановленная версия осталась бы без&nbsp;него.
      </p>
    </>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
