import { useRef, useState } from "react";
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { plural } from "#core/lib/format.ts";
import { MEDIA_LIMITS, type MediaItem, type MediaList, type MediaRefused, type MediaReplaced } from "#core/studio/media-api.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import { api, ApiFailure, signedIn } from "../api/client.ts";
import { sendImage, uploadImage } from "../content/upload.ts";
import { formatDate } from "../lib/format.ts";
import { Button, EmptyState, Field, Notice, NoticeArea, Page } from "../ui/index.ts";
import { MediaPlacesView } from "./media-places.tsx";

/**
 * «Медиа»: every image uploaded into the content. Upload several at once,
 * describe each (alt text, required before it is used; a caption; the point
 * a crop keeps), see where it is used, find it by its words, delete one that
 * nothing uses.
 */
export function mediaLoader({ request }: LoaderFunctionArgs): Promise<MediaList> {
  return signedIn(request, () => api<MediaList>("GET", "/media"));
}

const preview = (file: string) => `${STUDIO_API}/content/uploads/${file}`;
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("ru-RU")}\u00a0КБ`;

export function Media() {
  const { items } = useLoaderData() as MediaList;
  const revalidator = useRevalidator();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const q = query.trim().toLowerCase();
  const shown = items.filter((item) => !q || [item.alt, item.caption, item.file].some((text) => text.toLowerCase().includes(q)));
  const current = items.find((item) => item.file === open) ?? null;

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    const failed: string[] = [];
    let last: string | null = null;
    for (const [index, file] of [...files].entries()) {
      setUploading(`Загружаем ${index + 1} из ${files.length}…`);
      try {
        last = (await uploadImage(file)).file;
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure;
        failed.push(`«${file.name}»: ${failure.message}`);
      }
    }
    setUploading(null);
    if (input.current) input.current.value = "";
    await revalidator.revalidate();
    if (last) setOpen(last);
    setNotice(
      failed.length > 0
        ? { tone: "error", text: `Не загружено: ${failed.join("; ")}` }
        : { tone: "success", text: "Загружено. Опишите, что на\u00a0изображении: без описания его не\u00a0поймут те, кто его не\u00a0видит." },
    );
  }

  return (
    <Page title="Медиа" lead="Изображения сайта: загрузите, опишите и найдите, где каждое используется.">
      <NoticeArea>{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : uploading ? <Notice>{uploading}</Notice> : null}</NoticeArea>
      <div className="s-media__tools">
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
        <div className="s-field">
          <label className="s-field__label" htmlFor="media-query">
            Поиск
          </label>
          <input id="media-query" className="s-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Описание, подпись или имя файла" />
        </div>
      </div>
      <p className="s-field__hint" role="status">
        {q ? `Найдено ${shown.length} из ${items.length}` : `${items.length} ${plural(items.length, ["изображение", "изображения", "изображений"])}`}
      </p>
      {current ? <MediaDetails key={current.file} item={current} onClose={() => setOpen(null)} onReplaced={setOpen} onSaid={setNotice} /> : null}
      {shown.length === 0 ? (
        <EmptyState title={items.length === 0 ? "Изображений пока нет" : "Ничего не нашлось"}>
          <p>{items.length === 0 ? "Загрузите первое: оно появится здесь, и его можно будет вставить в любой текст." : "Измените поиск."}</p>
        </EmptyState>
      ) : (
        <ul className="s-media__grid">
          {shown.map((item) => (
            <li key={item.file} className="s-media__card">
              <button type="button" className="s-media__open" onClick={() => setOpen(item.file)} aria-pressed={open === item.file}>
                <img src={preview(item.file)} alt="" width={item.width} height={item.height} loading="lazy" />
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
      )}
    </Page>
  );
}

type Said = { tone: "success" | "error"; text: string };

/** One image opened: its description, the crop's point, where it is used, its file replaced everywhere, deletion when nothing uses it. */
function MediaDetails({ item, onClose, onReplaced, onSaid }: { item: MediaItem; onClose(): void; onReplaced(file: string): void; onSaid(notice: Said): void }) {
  const revalidator = useRevalidator();
  const [alt, setAlt] = useState(item.alt);
  const [caption, setCaption] = useState(item.caption);
  const [focal, setFocal] = useState(item.focal);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const done = await api<{ message: string }>("PUT", `/media/${item.file}`, { alt, caption, focal });
      setErrors({});
      await revalidator.revalidate();
      onSaid({ tone: "success", text: done.message });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setErrors(failure.errors);
      onSaid({ tone: "error", text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  async function replace(files: FileList | null) {
    const chosen = files?.[0];
    if (!chosen) return;
    setBusy(true);
    onSaid({ tone: "success", text: "Заменяем файл…" });
    try {
      const done = await sendImage<MediaReplaced>(`/media/${item.file}/replace`, chosen);
      await revalidator.revalidate();
      onReplaced(done.file);
      onSaid({ tone: "success", text: done.message });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      onSaid({ tone: "error", text: `Файл не заменён: ${failure.message}` });
    } finally {
      setBusy(false);
    }
  }

  /** Deletes the image (to «Корзина»); the refusal's places when something still needs it. */
  async function remove(): Promise<MediaRefused | null> {
    setBusy(true);
    try {
      const done = await api<{ message: string }>("DELETE", `/media/${item.file}`);
      onClose();
      await revalidator.revalidate();
      onSaid({ tone: "success", text: done.message });
      return null;
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      onSaid({ tone: "error", text: failure.message });
      return failure.status === 409 ? (failure.data as MediaRefused) : null;
    } finally {
      setBusy(false);
    }
  }

  const percent = (v: number) => Math.round(v * 100);
  return (
    <section className="s-panel s-media__details" aria-labelledby="media-details-title">
      <h2 className="s-section__title" id="media-details-title">
        Изображение {item.width}&nbsp;×&nbsp;{item.height}
        {item.uploadedAt ? `, загружено ${formatDate(item.uploadedAt)}` : ""}
      </h2>
      <div className="s-media__focus">
        {/* A click on the picture sets the point a crop keeps; the two fields below do the same from the keyboard. */}
        <img
          src={preview(item.file)}
          alt={alt || "Изображение без описания"}
          width={item.width}
          height={item.height}
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            setFocal({ x: Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)), y: Math.min(1, Math.max(0, (e.clientY - box.top) / box.height)) });
          }}
        />
        <span className="s-media__dot" aria-hidden="true" style={{ insetInlineStart: `${percent(focal.x)}%`, insetBlockStart: `${percent(focal.y)}%` }} />
      </div>
      <form
        className="s-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {item.checkAlt ? (
          <Notice>Описание перенесено с&nbsp;прежнего файла. Проверьте, подходит&nbsp;ли оно новому изображению, и&nbsp;сохраните.</Notice>
        ) : null}
        <Field label="Что на изображении (альтернативный текст)" name="alt" error={errors.alt ?? null} hint={`Для тех, кто не видит изображение; одной строкой (переносы станут пробелами), не длиннее ${MEDIA_LIMITS.alt} знаков. Вставляется в текст вместе с ним.`}>
          {(control) => <textarea className="s-input s-textarea" rows={2} {...control} value={alt} onChange={(e) => setAlt(e.target.value)} />}
        </Field>
        <Field label="Подпись (необязательно)" name="caption" error={errors.caption ?? null}>
          {(control) => <input className="s-input" type="text" {...control} value={caption} onChange={(e) => setCaption(e.target.value)} />}
        </Field>
        <fieldset className="s-media__point">
          <legend className="s-field__label">Точка фокуса: её сохранит любая обрезка. Нажмите на изображение или задайте числами.</legend>
          {errors.focal ? <p className="s-field__error">{errors.focal}</p> : null}
          <label>
            Слева, %{" "}
            <input className="s-input s-input--short" type="number" min={0} max={100} value={percent(focal.x)} onChange={(e) => setFocal({ ...focal, x: Math.min(100, Math.max(0, Number(e.target.value))) / 100 })} />
          </label>
          <label>
            Сверху, %{" "}
            <input className="s-input s-input--short" type="number" min={0} max={100} value={percent(focal.y)} onChange={(e) => setFocal({ ...focal, y: Math.min(100, Math.max(0, Number(e.target.value))) / 100 })} />
          </label>
        </fieldset>
        <div className="s-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Сохранить описание
          </Button>
          <Button onClick={onClose}>Закрыть</Button>
        </div>
      </form>
      <h3 className="s-media__subtitle">Заменить файл</h3>
      <div className="s-field">
        <input
          id="media-replace"
          className="s-visually-hidden s-file__input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={busy}
          aria-describedby="media-replace-hint"
          onChange={(e) => void replace(e.target.files)}
        />
        <label htmlFor="media-replace" className="s-button s-button--secondary s-file__button">
          Загрузить новый файл вместо этого
        </label>
        <p className="s-field__hint" id="media-replace-hint">
          Новое изображение встанет везде, где было это, с&nbsp;тем&nbsp;же описанием, подписью и&nbsp;точкой фокуса (если оно уже есть в&nbsp;«Медиа» со&nbsp;своим описанием, останется своё). Записи с&nbsp;ним нужно будет опубликовать.
        </p>
      </div>
      <h3 className="s-media__subtitle">Где используется</h3>
      <MediaPlacesView file={item.file} busy={busy} onDelete={remove} />
    </section>
  );
}
