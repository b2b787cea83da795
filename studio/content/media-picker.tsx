import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { MediaItem, MediaList } from "#core/studio/media-api.ts";
import { pages, STUDIO_API } from "#core/studio/paths.ts";
import { api, ApiFailure } from "../api/client.ts";

/**
 * Choosing an image from «Медиа»: the library searched by its words, as a
 * grid of pictures with their descriptions. The one picker of the studio:
 * an image field (a cover) and both text editors open it.
 *
 * `describedOnly`: a cover shows its alt text wherever it goes, so there an
 * image without one cannot be picked; in a text the alt text is asked for
 * when it is inserted.
 */
export const uploadPreview = (file: string) => `${STUDIO_API}/content/uploads/${file}`;

export type Library = { items: MediaItem[] | null; failed: string | null };

/** The library as the API gives it, loaded once when `wanted` (null items until then). */
export function useMediaLibrary(wanted = true): Library {
  const [library, setLibrary] = useState<Library>({ items: null, failed: null });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // Where each image is used is not shown here, and costs a read of every content file.
    void api<MediaList>("GET", "/media?uses=0")
      .then((list) => live && setLibrary({ items: list.items, failed: null }))
      .catch((failure: unknown) => live && setLibrary({ items: null, failed: failure instanceof ApiFailure ? failure.message : "Не удалось открыть «Медиа»" }));
    return () => {
      live = false;
    };
  }, [wanted]);
  return library;
}

type Props = { current?: string | null; describedOnly?: boolean; onPick(item: MediaItem): void; /** Already loaded by the caller; otherwise the picker loads it. */ library?: Library };

export function MediaPicker({ current = null, describedOnly = false, onPick, library: given }: Props) {
  const id = useId();
  const own = useMediaLibrary(given === undefined);
  const { items: library, failed } = given ?? own;
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const choices = (library ?? []).filter((item) => !q || [item.alt, item.caption].some((text) => text.toLowerCase().includes(q)));
  return (
    <div className="s-image-field__picker">
      {failed ? <p className="s-field__error">{failed}</p> : null}
      <label className="s-field__label" htmlFor={`${id}-q`}>
        Найти в «Медиа»
      </label>
      <input id={`${id}-q`} className="s-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      {library === null && !failed ? <p className="s-field__hint">Открываем «Медиа»…</p> : null}
      {library !== null && library.length === 0 ? (
        <p>
          В «Медиа» пока пусто: <Link to={pages.media}>загрузите изображения</Link> и вернитесь.
        </p>
      ) : null}
      {library !== null && library.length > 0 && choices.length === 0 ? <p>Ничего не нашлось: измените поиск.</p> : null}
      <ul className="s-media__grid">
        {choices.map((item) => (
          <li key={item.file} className="s-media__card">
            <button type="button" className="s-media__open" disabled={describedOnly && !item.alt} aria-pressed={item.file === current} onClick={() => onPick(item)}>
              <img src={uploadPreview(item.file)} alt="" width={item.width} height={item.height} loading="lazy" />
              <span className="s-media__alt">{item.alt || (describedOnly ? "Без описания: опишите его в «Медиа», чтобы выбрать" : "Без описания")}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
