import { api, ApiFailure } from "../api/client.ts";
import type { UploadResult } from "#core/studio/content-api.ts";
import { STUDIO_API } from "#core/studio/paths.ts";

/** The largest upload the server takes (server/studio/http.ts, UPLOAD_BODY_LIMIT). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** A new image into the content («Медиа»). */
export const uploadImage = (file: File) => sendImage<UploadResult>("/content/uploads", file);

/**
 * The alt text typed for a picture put into a text (`/uploads/<file>`),
 * offered to «Медиа» as its description: taken only when it has none, so a
 * cover can be chosen from a picture first described in a text. Nothing is
 * said when it fails: the text keeps its alt text either way.
 */
export function offerDescription(src: string, alt: string): void {
  const file = /^\/uploads\/([a-f\d]{24}\.(?:jpg|png|webp|avif))$/.exec(src)?.[1];
  if (file && alt.trim()) void api("POST", `/media/${file}/alt`, { alt }).catch(() => {});
}

/** Sends an image as the request's body (its type as declared; the server judges the bytes) to `path` of the studio's API. */
export async function sendImage<T>(path: string, file: File): Promise<T> {
  if (file.size > UPLOAD_LIMIT) throw new ApiFailure(413, "Файл больше 10 МБ: уменьшите его и загрузите снова");
  let res: Response;
  try {
    // Its name on this computer goes with it: «Медиа» shows it and finds the picture by it.
    const named = file.name ? `${path}?name=${encodeURIComponent(file.name.slice(0, 200))}` : path;
    res = await fetch(`${STUDIO_API}${named}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": file.type || "application/octet-stream" },
      body: file,
    });
  } catch {
    throw new ApiFailure(0, "Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.");
  }
  const data = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new ApiFailure(res.status, data?.message ?? `Сервер ответил ошибкой ${res.status}`);
  return data as T;
}
