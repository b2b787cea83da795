import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../api/client.ts";
import { BUSY_TRIES, uploadImage } from "./upload.ts";

/**
 * An upload while the studio's image pool is busy (503, Retry-After): it waits its turn and is sent
 * again, telling the person how long, rather than lose the picture; a pool busy for longer than
 * its tries ends in the server's own words.
 */
const busy = () => new Response(JSON.stringify({ message: "Студия сейчас обрабатывает другие изображения: загрузите это через минуту" }), { status: 503, headers: { "Retry-After": "30" } });
const stored = () => new Response(JSON.stringify({ file: "0123456789abcdef01234567.jpg", width: 10, height: 10 }), { status: 201 });
const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], "берег.jpg", { type: "image/jpeg" });

afterEach(() => vi.unstubAllGlobals());

describe("an upload while the image pool is busy", () => {
  it("waits the time asked and is sent again until it is taken", async () => {
    const answers = [busy(), busy(), stored()];
    const fetch = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal("fetch", fetch);
    const waited: number[] = [];
    const told: number[] = [];
    const result = await uploadImage(picture(), { wait: async (ms) => void waited.push(ms), onWait: (s) => told.push(s) });
    expect(result.file).toBe("0123456789abcdef01234567.jpg");
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(waited).toEqual([30_000, 30_000]);
    expect(told).toEqual([30, 30]);
  });

  it("says the server's refusal once the pool stays busy past its tries, and other refusals at once", async () => {
    const fetch = vi.fn(async () => busy());
    vi.stubGlobal("fetch", fetch);
    const failure = await uploadImage(picture(), { wait: async () => {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toMatch(/^Студия сейчас обрабатывает другие изображения/);
    expect(fetch).toHaveBeenCalledTimes(BUSY_TRIES + 1);

    const refused = vi.fn(async () => new Response(JSON.stringify({ message: "Это не изображение" }), { status: 422 }));
    vi.stubGlobal("fetch", refused);
    await expect(uploadImage(picture(), { wait: async () => {} })).rejects.toThrow("Это не изображение");
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
