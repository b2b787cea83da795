import { api, ApiFailure } from "../api/client.ts";
import type { UploadResult } from "#core/studio/content-api.ts";
import { STUDIO_API } from "#core/studio/paths.ts";

/** The largest upload the server takes (server/studio/http.ts, UPLOAD_BODY_LIMIT). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/**
 * What an upload does while the studio's image pool is busy (503 with Retry-After): it waits its
 * turn and is sent again, a few times, so a picture dropped with many others is not lost; the
 * person is told how long (`onWait`). Tests pass their own `wait`.
 */
export type UploadOptions = { onWait?(seconds: number): void; wait?(ms: number): Promise<void> };
/** Sends after a busy answer; then its refusal is said. */
export const BUSY_TRIES = 3;
/** The longest wait between two sends, whatever Retry-After asks. */
const BUSY_WAIT_MAX_S = 60;
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A new image into the content («Медиа»). */
export const uploadImage = (file: File, options: UploadOptions = {}) => sendImage<UploadResult>("/content/uploads", file, options);

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
export async function sendImage<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  if (file.size > UPLOAD_LIMIT) throw new ApiFailure(413, "Файл больше 10 МБ: уменьшите его и загрузите снова");
  // Its name on this computer goes with it: «Медиа» shows it and finds the picture by it.
  const named = file.name ? `${path}?name=${encodeURIComponent(file.name.slice(0, 200))}` : path;
  for (let sent = 1; ; sent++) {
    let res: Response;
    try {
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
    if (res.status === 503 && sent <= BUSY_TRIES) {
      const asked = Number(res.headers.get("Retry-After"));
      const seconds = Number.isFinite(asked) && asked > 0 ? Math.min(asked, BUSY_WAIT_MAX_S) : 5;
      options.onWait?.(seconds);
      await (options.wait ?? sleep)(seconds * 1000);
      continue;
    }
    if (!res.ok) throw new ApiFailure(res.status, data?.message ?? `Сервер ответил ошибкой ${res.status}`);
    return data as T;
  }
}
