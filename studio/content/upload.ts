import { ApiFailure } from "../api/client.ts";
import type { UploadResult } from "#core/studio/content-api.ts";
import { STUDIO_API } from "#core/studio/paths.ts";

/** The largest upload the server takes (server/studio/http.ts, UPLOAD_BODY_LIMIT). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** A new image into the content («Медиа»). */
export const uploadImage = (file: File) => sendImage<UploadResult>("/content/uploads", file);

/** Sends an image as the request's body (its type as declared; the server judges the bytes) to `path` of the studio's API. */
export async function sendImage<T>(path: string, file: File): Promise<T> {
  if (file.size > UPLOAD_LIMIT) throw new ApiFailure(413, "Файл больше 10 МБ: уменьшите его и загрузите снова");
  let res: Response;
  try {
    res = await fetch(`${STUDIO_API}${path}`, {
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
