import { useState } from "react";
import { useRevalidator } from "react-router";
import type { MediaItem, MediaRefused, MediaReplaced } from "#core/studio/media-api.ts";
import { api, ApiFailure } from "../api/client.ts";
import { sendImage } from "../content/upload.ts";
import type { Said } from "./media-details.tsx";

type Callbacks = { onClose(): void; onReplaced(file: string): void; onSaid(notice: Said): void };

/** The state of one image opened (media-details.tsx): its fields as typed, and its save, its file's replacement and its deletion. */
export function useMediaDetails(item: MediaItem, { onClose, onReplaced, onSaid }: Callbacks) {
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

  return { alt, setAlt, caption, setCaption, focal, setFocal, errors, busy, save, replace, remove };
}
