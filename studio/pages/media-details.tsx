import { MEDIA_LIMITS, type MediaItem } from "#core/studio/media-api.ts";
import { uploadPreview } from "../content/media-picker.tsx";
import { formatDate } from "../lib/format.ts";
import { Button, Field, Notice } from "../ui/index.ts";
import { MediaPlacesView } from "./media-places.tsx";
import { useMediaDetails } from "./use-media-details.ts";

export type Said = { tone: "success" | "error"; text: string };

/** One image opened: its description, the crop's point, where it is used, its file replaced everywhere, deletion when nothing uses it. */
export function MediaDetails({ item, onClose, onReplaced, onSaid }: { item: MediaItem; onClose(): void; onReplaced(file: string): void; onSaid(notice: Said): void }) {
  const { alt, setAlt, caption, setCaption, focal, setFocal, errors, busy, save, replace, remove } = useMediaDetails(item, { onClose, onReplaced, onSaid });
  const percent = (v: number) => Math.round(v * 100);
  return (
    <section className="s-panel s-media__details" aria-labelledby="media-details-title">
      <h2 className="s-section__title" id="media-details-title">
        Изображение {item.width}&nbsp;×&nbsp;{item.height}{item.name ? `, «${item.name}»` : ""}
        {item.uploadedAt ? `, загружено ${formatDate(item.uploadedAt)}` : ""}
      </h2>
      <div className="s-media__focus">
        {/* A click on the picture sets the point a crop keeps; the two fields below do the same from the keyboard. */}
        <img
          src={uploadPreview(item.file)}
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
