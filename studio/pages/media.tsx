import { useEffect, useRef, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { plural } from "#core/lib/format.ts";
import { MEDIA_TYPE_NAMES, MEDIA_TYPES, type MediaItem, type MediaList } from "#core/studio/media-api.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { uploadImage } from "../content/upload.ts";
import { MediaThumb } from "../content/media-picker.tsx";
import { Button, EmptyState, Notice, NoticeArea, Page } from "../ui/index.ts";
import { BulkDescribe } from "./media-bulk.tsx";
import { MediaDetails, type Said } from "./media-details.tsx";
import { MEDIA_PARAMS, useMediaSearch } from "./use-media-search.ts";
import "./media.css";

/**
 * «Медиа»: every image uploaded into the content, a page of 48 at a time
 * (the server finds, filters and pages: GET /media), each card a small copy
 * drawn for it, never the original. Upload several at once, find one by its
 * words or the name it had on the uploader's computer, show only those
 * without a description, unused or of one type, describe several at once,
 * open one to describe it (alt text, a caption, the point a crop keeps), see
 * where it is used, replace its file, delete it when nothing needs it.
 */
export function mediaLoader({ request }: LoaderFunctionArgs): Promise<MediaList> {
  const asked = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of MEDIA_PARAMS) {
    const value = asked.get(name);
    if (value) query.set(name, value.slice(0, 200));
  }
  return signedIn(request, () => api<MediaList>("GET", `/media${query.size > 0 ? `?${query}` : ""}`));
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("ru-RU")}\u00a0КБ`;
const pictures = (n: number) => `${n}\u00a0${plural(n, ["изображение", "изображения", "изображений"])}`;

export function Media() {
  const { items, total, library, page, pages } = useLoaderData() as MediaList;
  const { params, query, setQuery, ask, filtered } = useMediaSearch();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<string | null>(null);
  const [opened, setOpened] = useState<MediaItem | null>(null);
  const [selected, setSelected] = useState<Map<string, MediaItem>>(new Map());
  const [describing, setDescribing] = useState(false);
  const [notice, setNotice] = useState<Said | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);

  // The image opened: from this page, or asked alone (uploaded, replaced or found on another page).
  const onPage = items.find((item) => item.file === open) ?? null;
  useEffect(() => {
    if (!open || onPage) return;
    let live = true;
    void api<MediaItem>("GET", `/media/${open}`)
      .then((item) => live && setOpened(item))
      .catch(() => live && setOpen(null));
    return () => {
      live = false;
    };
  }, [open, onPage]);
  const current = onPage ?? (opened?.file === open ? opened : null);

  function toggle(item: MediaItem) {
    const next = new Map(selected);
    if (next.has(item.file)) next.delete(item.file);
    else next.set(item.file, item);
    setSelected(next);
  }

  const status = filtered ? `Найдено ${total} из ${library}` : pictures(library);
  return (
    <Page title="Медиа" lead="Изображения сайта: загрузите, опишите и найдите, где каждое используется.">
      <NoticeArea>{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : uploading ? <Notice>{uploading}</Notice> : null}</NoticeArea>
      <div className="s-media__tools">
        <MediaUpload
          onProgress={setUploading}
          onDone={async (last, said) => {
            await revalidator.revalidate();
            if (last) setOpen(last);
            setNotice(said);
          }}
        />
        <div className="s-field">
          <label className="s-field__label" htmlFor="media-query">
            Поиск
          </label>
          <input id="media-query" className="s-input" type="search" maxLength={200} value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Описание, подпись или имя файла" />
        </div>
        <MediaFilters params={params} ask={ask} />
      </div>
      <div className="s-media__bar">
        <p className="s-field__hint" role="status">
          {status}
        </p>
        {selected.size > 0 ? (
          <div className="s-actions">
            <Button variant="primary" aria-expanded={describing} onClick={() => setDescribing(true)}>
              Описать выбранные ({selected.size})
            </Button>
            <Button variant="quiet" onClick={() => setSelected(new Map())}>
              Снять выбор
            </Button>
          </div>
        ) : null}
      </div>
      {describing && selected.size > 0 ? (
        <BulkDescribe
          items={[...selected.values()]}
          onClose={() => setDescribing(false)}
          onDone={(said) => {
            setDescribing(false);
            setSelected(new Map());
            setNotice(said);
            void revalidator.revalidate();
          }}
        />
      ) : null}
      {current ? <MediaDetails key={current.file} item={current} onClose={() => setOpen(null)} onReplaced={setOpen} onSaid={setNotice} /> : null}
      {items.length === 0 ? (
        <EmptyState title={library === 0 ? "Изображений пока нет" : "Ничего не нашлось"}>
          <p>{library === 0 ? "Загрузите первое: оно появится здесь, и его можно будет вставить в любой текст." : "Измените поиск или отбор."}</p>
        </EmptyState>
      ) : (
        <MediaGrid items={items} selected={selected} open={open} onToggle={toggle} onOpen={setOpen} />
      )}
      {pages > 1 ? <Pages page={page} pages={pages} params={params} /> : null}
    </Page>
  );
}

/** The pages of a long library: the one before, where this one stands, the one after. */
function Pages({ page, pages, params }: { page: number; pages: number; params: URLSearchParams }) {
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    return `?${next}`;
  };
  return (
    <nav className="s-media__pages" aria-label="Страницы «Медиа»">
      {page > 1 ? <Link to={to(page - 1)}>← Предыдущая</Link> : <span aria-hidden="true" />}
      <span>
        Страница {page} из {pages}
      </span>
      {page < pages ? <Link to={to(page + 1)}>Следующая →</Link> : <span aria-hidden="true" />}
    </nav>
  );
}

/** What the grid shows: all, without a description or unused; of any type or one. */
function MediaFilters({ params, ask }: { params: URLSearchParams; ask(changes: { filter?: string; type?: string }): void }) {
  return (
    <div className="s-media__filters">
      <div className="s-field">
        <label className="s-field__label" htmlFor="media-filter">
          Показать
        </label>
        <select id="media-filter" className="s-input" value={params.get("filter") ?? ""} onChange={(e) => ask({ filter: e.target.value })}>
          <option value="">Все</option>
          <option value="undescribed">Без описания</option>
          <option value="unused">Не используются</option>
        </select>
      </div>
      <div className="s-field">
        <label className="s-field__label" htmlFor="media-type">
          Тип
        </label>
        <select id="media-type" className="s-input" value={params.get("type") ?? ""} onChange={(e) => ask({ type: e.target.value })}>
          <option value="">Любой</option>
          {MEDIA_TYPES.map((type) => (
            <option key={type} value={type}>
              {MEDIA_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** A page of cards: each a small copy, its original name and description, selectable for describing several at once. */
function MediaGrid(props: { items: MediaItem[]; selected: Map<string, MediaItem>; open: string | null; onToggle(item: MediaItem): void; onOpen(file: string): void }) {
  const { items, selected, open, onToggle: toggle, onOpen: setOpen } = props;
  return (
    <ul className="s-media__grid">
      {items.map((item) => (
        <li key={item.file} className="s-media__card">
          <label className="s-media__pick">
            <input type="checkbox" checked={selected.has(item.file)} onChange={() => toggle(item)} />
            Выбрать
            <span className="s-visually-hidden">{item.name ? ` «${item.name}»` : ` изображение ${item.width} × ${item.height}`}</span>
          </label>
          <button type="button" className="s-media__open" onClick={() => setOpen(item.file)} aria-pressed={open === item.file}>
            <MediaThumb item={item} />
            {item.name ? <span className="s-media__name">{item.name}</span> : null}{" "}
            <span className="s-media__alt">
              {item.alt || <span className="s-badge">нет описания</span>}
              {item.alt && item.checkAlt ? <span className="s-badge">проверьте описание</span> : null}
            </span>
          </button>
          <span className="s-media__meta">
            {item.width}&nbsp;×&nbsp;{item.height}, {kilobytes(item.bytes)} ·{" "}
            {item.uses.length > 0 ? `используется: ${item.uses.length}` : "не используется"}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Several pictures uploaded at once, one after another: the progress said above the page, the last one opened to be described. */
function MediaUpload({ onProgress, onDone }: { onProgress(text: string | null): void; onDone(last: string | null, said: Said): Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    const failed: string[] = [];
    let last: string | null = null;
    for (const [index, file] of [...files].entries()) {
      onProgress(`Загружаем ${index + 1} из ${files.length}…`);
      try {
        const turn = `${index + 1} из ${files.length}`;
        // The image pool busy with others' pictures: this one waits its turn rather than fail.
        const onWait = (seconds: number) => onProgress(`Студия обрабатывает другие изображения: загрузим ${turn} через ${seconds}\u00a0с…`);
        last = (await uploadImage(file, { onWait })).file;
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure;
        failed.push(`«${file.name}»: ${failure.message}`);
      }
    }
    onProgress(null);
    if (input.current) input.current.value = "";
    await onDone(
      last,
      failed.length > 0
        ? { tone: "error", text: `Не загружено: ${failed.join("; ")}` }
        : { tone: "success", text: "Загружено. Опишите, что на\u00a0изображении: без описания его не\u00a0поймут те, кто его не\u00a0видит." },
    );
  }

  return (
    <div className="s-field">
      {/* The browser's own file control speaks the browser's language: it stays for the keyboard and screen readers, hidden behind a Russian button. */}
      <input
        ref={input}
        id="media-upload"
        className="s-visually-hidden s-file__input"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple
        aria-describedby="media-upload-hint"
        onChange={(e) => void upload(e.target.files)}
      />
      <label htmlFor="media-upload" className="s-button s-button--secondary s-file__button">
        Загрузить изображения
      </label>
      <p className="s-field__hint" id="media-upload-hint">
        JPEG, PNG, WebP или AVIF до&nbsp;10&nbsp;МБ. Сведения о&nbsp;камере и&nbsp;координаты съёмки не&nbsp;сохраняются.
      </p>
    </div>
  );
}
