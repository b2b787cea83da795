import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { MEDIA_LIMITS, MEDIA_THUMB_WIDTH, type MediaItem, type MediaList, mediaThumbPath } from "#core/studio/media-api.ts";
import { pages, STUDIO_API } from "#core/studio/paths.ts";
import { api, ApiFailure } from "../api/client.ts";
import { Button, Field } from "../ui/index.ts";
import { uploadImage } from "./upload.ts";
import "./media-picker.css";

/**
 * Choosing an image from «Медиа»: the library searched by its words or file
 * names, a page at a time («Показать ещё»), as a grid of small copies with
 * their descriptions. The one picker of the studio: an image field (a
 * cover) and both text editors open it.
 *
 * `describedOnly`: a cover shows its alt text wherever it goes, so there an
 * image without one cannot be picked; in a text the alt text is asked for
 * when it is inserted. `upload`: a new picture can be uploaded from the
 * picker itself, described there when it must be, and picked.
 */
export const uploadPreview = (file: string) => `${STUDIO_API}/content/uploads/${file}`;

/** A picture's small copy (GET /media/:file/thumb), sized as it will be drawn so nothing moves when it comes, loaded only near the screen. */
export function MediaThumb({ item }: { item: Pick<MediaItem, "file" | "width" | "height"> }) {
  const scale = Math.min(1, MEDIA_THUMB_WIDTH / Math.max(item.width, item.height));
  const width = Math.max(1, Math.round(item.width * scale));
  const height = Math.max(1, Math.round(item.height * scale));
  return <img src={`${STUDIO_API}${mediaThumbPath(item.file)}`} alt="" width={width} height={height} loading="lazy" decoding="async" />;
}

/** One image of «Медиа» as the API gives it (GET /media/:file), or null (none, not loaded yet, or gone). */
export function useMediaItem(file: string | null): MediaItem | null {
  const [item, setItem] = useState<MediaItem | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    void api<MediaItem>("GET", `/media/${file}`)
      .then((found) => live && setItem(found))
      .catch(() => live && setItem(null));
    return () => {
      live = false;
    };
  }, [file]);
  return item?.file === file ? item : null;
}

type Props = { current?: string | null; describedOnly?: boolean; upload?: boolean; onPick(item: MediaItem): void };
type Shown = { items: MediaItem[]; page: number; pages: number; library: number };

export function MediaPicker({ current = null, describedOnly = false, upload = false, onPick }: Props) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [more, setMore] = useState(false);

  /** The page `page` of the library found by `q`: the first replaces what is shown, the next ones go below it. */
  async function load(q: string, page: number, live: () => boolean = () => true) {
    const search = new URLSearchParams({ uses: "0", page: String(page) });
    if (q) search.set("q", q);
    try {
      const list = await api<MediaList>("GET", `/media?${search}`);
      if (!live()) return;
      setShown((before) => ({ ...list, items: page > 1 && before ? [...before.items, ...list.items] : list.items }));
      setFailed(null);
    } catch (failure) {
      if (live()) setFailed(failure instanceof ApiFailure ? failure.message : "Не удалось открыть «Медиа»");
    }
  }

  // The first page at once, then again once typing pauses.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => void load(query.trim(), 1, () => live), shown === null ? 0 : 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Only the search moves it; `shown` says whether this is the first load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const choices = shown?.items ?? [];
  return (
    <div className="s-image-field__picker">
      {failed ? <p className="s-field__error">{failed}</p> : null}
      {upload ? <PickerUpload describedOnly={describedOnly} onPick={onPick} /> : null}
      <label className="s-field__label" htmlFor={`${id}-q`}>
        Найти в «Медиа»
      </label>
      <input id={`${id}-q`} className="s-input" type="search" maxLength={200} placeholder="Описание, подпись или имя файла" value={query} onChange={(e) => setQuery(e.target.value)} />
      {shown === null && !failed ? <p className="s-field__hint">Открываем «Медиа»…</p> : null}
      {shown !== null && shown.library === 0 ? (
        <p>
          В «Медиа» пока пусто: {upload ? "загрузите изображение выше и\u00a0выберите его" : <><Link to={pages.media}>загрузите изображения</Link> и&nbsp;вернитесь</>}.
        </p>
      ) : null}
      {shown !== null && shown.library > 0 && choices.length === 0 ? <p>Ничего не нашлось: измените поиск.</p> : null}
      <ul className="s-media__grid">
        {choices.map((item) => (
          <li key={item.file} className="s-media__card">
            <button type="button" className="s-media__open" disabled={describedOnly && !item.alt} aria-pressed={item.file === current} onClick={() => onPick(item)}>
              <MediaThumb item={item} />
              {item.name ? <span className="s-media__name">{item.name}</span> : null}{" "}
              <span className="s-media__alt">{item.alt || (describedOnly ? "Без описания: опишите его в «Медиа», чтобы выбрать" : "Без описания")}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown !== null && shown.page < shown.pages ? (
        <Button
          busy={more}
          onClick={() => {
            setMore(true);
            void load(query.trim(), shown.page + 1).finally(() => setMore(false));
          }}
        >
          Показать ещё
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A new picture uploaded from the picker and picked; for a cover, described
 * first (its alt text is shown wherever the cover goes): the description is
 * asked for right there and saved to «Медиа» with it.
 */
function PickerUpload({ describedOnly, onPick }: { describedOnly: boolean; onPick(item: MediaItem): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [fresh, setFresh] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setStatus("Загружаем изображение…");
    try {
      const stored = await uploadImage(file);
      const item = await api<MediaItem>("GET", `/media/${stored.file}`);
      setStatus(null);
      if (describedOnly && !item.alt) {
        setFresh(item);
        setAlt("");
      } else onPick(item);
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setStatus(`Не загружено: ${failure.message}`);
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  async function describe(item: MediaItem) {
    setBusy(true);
    try {
      await api("PUT", `/media/${item.file}`, { alt, caption: item.caption, focal: item.focal });
      onPick({ ...item, alt: alt.trim() });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setError(failure.errors.alt ?? failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="s-media-picker__upload">
      <input ref={input} id={`${id}-file`} className="s-visually-hidden s-file__input" type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={(e) => void upload(e.target.files?.[0])} />
      <label htmlFor={`${id}-file`} className="s-button s-button--secondary s-file__button">
        Загрузить новое изображение
      </label>
      {status ? (
        <p className="s-field__hint" role="status">
          {status}
        </p>
      ) : null}
      {fresh ? (
        <div className="s-media-picker__describe">
          <MediaThumb item={fresh} />
          <Field label="Что на изображении (альтернативный текст)" name="alt" error={error} hint={`Обложку показывают с описанием: для тех, кто не видит изображение; не длиннее ${MEDIA_LIMITS.alt} знаков.`}>
            {(control) => <textarea className="s-input s-textarea" rows={2} {...control} value={alt} onChange={(e) => setAlt(e.target.value)} />}
          </Field>
          <div className="s-actions">
            <Button variant="primary" busy={busy} onClick={() => void describe(fresh)}>
              Сохранить описание и&nbsp;выбрать
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
