import { useState } from "react";
import { MEDIA_LIMITS, type MediaItem } from "#core/studio/media-api.ts";
import { api, ApiFailure } from "../api/client.ts";
import { MediaThumb } from "../content/media-picker.tsx";
import { Button, Field } from "../ui/index.ts";
import type { Said } from "./media-details.tsx";

/**
 * Several pictures described at once (POST /media/describe): one form, a
 * field for each picture beside its small copy, saved together. Each its own
 * text: a description is of one picture, and one text for ten would tell
 * those who do not see them nothing. A wrong one is said at its field, and
 * then nothing is saved.
 */
export function BulkDescribe({ items, onClose, onDone }: { items: MediaItem[]; onClose(): void; onDone(said: Said): void }) {
  const [texts, setTexts] = useState<string[]>(() => items.map((item) => item.alt));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const done = await api<{ message: string }>("POST", "/media/describe", { items: items.map((item, i) => ({ file: item.file, alt: texts[i] ?? "" })) });
      onDone({ tone: "success", text: done.message });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setErrors(failure.errors);
      setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="s-panel s-media__bulk" aria-labelledby="media-bulk-title">
      <h2 className="s-section__title" id="media-bulk-title">
        Описать выбранные: {items.length}
      </h2>
      <p className="s-field__hint">
        Для каждого изображения своё описание, одной строкой, не&nbsp;длиннее {MEDIA_LIMITS.alt}&nbsp;знаков: его прочтут те, кто изображение не&nbsp;видит.
      </p>
      {message ? <p className="s-field__error">{message}</p> : null}
      <form
        className="s-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ol className="s-media__bulk-list">
          {items.map((item, i) => (
            <li key={item.file} className="s-media__bulk-item">
              <MediaThumb item={item} />
              <Field label={`Что на изображении${item.name ? ` «${item.name}»` : ` ${i + 1}`}`} name={`alt-${i}`} error={errors[`items.${i}.alt`] ?? null}>
                {(control) => (
                  <textarea
                    className="s-input s-textarea"
                    rows={2}
                    {...control}
                    value={texts[i] ?? ""}
                    onChange={(e) => setTexts(texts.map((text, j) => (j === i ? e.target.value : text)))}
                  />
                )}
              </Field>
            </li>
          ))}
        </ol>
        <div className="s-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Сохранить описания
          </Button>
          <Button onClick={onClose}>Отменить</Button>
        </div>
      </form>
    </section>
  );
}
