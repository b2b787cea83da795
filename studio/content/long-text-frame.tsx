import { type ReactNode, useRef, useState } from "react";
import type { MediaItem } from "#core/studio/media-api.ts";
import { ApiFailure } from "../api/client.ts";
import { Button } from "../ui/index.ts";
import { MediaPicker } from "./media-picker.tsx";
import { uploadImage } from "./upload.ts";

/**
 * What both editors of a long text share (the visual one and Markdown,
 * decision 033): the frame around them (label, mode switch, toolbar, status,
 * error, hint) and the way an image comes in, uploaded or picked from
 * «Медиа», with the description «Медиа» already has for it.
 */
type FrameProps = {
  id: string;
  label: string;
  className?: string;
  modeSwitch?: ReactNode;
  /** Under the head: why this editor was opened rather than the one chosen. */
  notice?: string | undefined;
  toolbar: ReactNode;
  /** Under the toolbar: what a button opened (the library, a small form). */
  opened?: ReactNode;
  status: string | null;
  error: string | null;
  hint: string | undefined;
  children: ReactNode;
};

export function LongTextFrame({ id, label, className = "", modeSwitch, notice, toolbar, opened, status, error, hint, children }: FrameProps) {
  return (
    <div className={`s-field s-markdown ${className}`.trim()}>
      <div className="s-markdown__head">
        <span className="s-field__label" id={`${id}-label`}>
          {label}
        </span>
        {modeSwitch}
      </div>
      {notice ? (
        <p className="s-field__hint" role="status">
          {notice}
        </p>
      ) : null}
      <div className="s-markdown__toolbar" role="toolbar" aria-label={`Оформление: ${label}`}>
        {toolbar}
      </div>
      {opened}
      {children}
      {status ? (
        <p className="s-field__hint" role="status">
          {status}
        </p>
      ) : null}
      {error ? (
        <p className="s-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="s-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An image to put into the text: its address as the content names it, its description ("" when none yet), its size. */
export type IncomingImage = { src: string; alt: string; size: string };

const size = (item: { width: number; height: number }) => `${item.width}\u00a0×\u00a0${item.height}`;

/**
 * The toolbar's two image buttons and the library they open: `buttons` go
 * into the toolbar, `picker` under it (a grid has no place inside a toolbar).
 * A toolbar that shows them elsewhere (a menu) calls `chooseFile` and
 * `openLibrary` and places the file `input` itself.
 */
export function useImageSource(
  onImage: (image: IncomingImage) => void,
  say: (status: string) => void,
): { buttons: ReactNode; picker: ReactNode; input: ReactNode; chooseFile: () => void; openLibrary: () => void } {
  const file = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);

  async function upload(chosen: File) {
    setPicking(false);
    say("Загружаем изображение…");
    try {
      const result = await uploadImage(chosen);
      say(`Изображение загружено (${size(result)}).`);
      onImage({ src: `/uploads/${result.file}`, alt: result.alt, size: size(result) });
    } catch (failure) {
      say(failure instanceof ApiFailure ? failure.message : "Не удалось загрузить изображение");
    } finally {
      if (file.current) file.current.value = "";
    }
  }

  function pick(item: MediaItem) {
    setPicking(false);
    onImage({ src: `/uploads/${item.file}`, alt: item.alt, size: size(item) });
  }

  const input = <input ref={file} type="file" aria-label="Файл изображения" accept="image/jpeg,image/png,image/webp,image/avif" hidden onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />;
  const buttons = (
    <>
      <Button variant="quiet" onClick={() => file.current?.click()}>
        Загрузить изображение
      </Button>
      {input}
      <Button variant="quiet" aria-expanded={picking} onClick={() => setPicking(!picking)}>
        Из «Медиа»
      </Button>
    </>
  );
  const picker = picking ? (
    <div className="s-long-text__media" role="group" aria-label="Изображение из «Медиа»">
      <MediaPicker onPick={pick} />
      <Button variant="quiet" onClick={() => setPicking(false)}>
        Закрыть «Медиа»
      </Button>
    </div>
  ) : null;
  return { buttons, picker, input, chooseFile: () => file.current?.click(), openLibrary: () => setPicking(true) };
}
