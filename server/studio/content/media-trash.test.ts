import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TRASH_KEEP_MS } from "#core/studio/trash-api.ts";
import { keepPicture, listPictures, purgeExpiredPictures, purgePicture, restorePicture, trashedBytes } from "./media-trash.ts";

const FILE = "0123456789abcdef01234567.png";
const SIDECAR = "0123456789abcdef01234567.json";
const BY = { login: "marina", name: "Марина Контентова" };
const folders: string[] = [];

function place() {
  const root = mkdtempSync(join(tmpdir(), "media-trash-"));
  folders.push(root);
  const contentDir = join(root, "content");
  const releasesDir = join(root, "releases");
  mkdirSync(join(contentDir, "uploads"), { recursive: true });
  mkdirSync(releasesDir);
  writeFileSync(join(contentDir, "uploads", FILE), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  writeFileSync(join(contentDir, "uploads", SIDECAR), JSON.stringify({ width: 40, height: 30, format: "png", alt: "Схема" }));
  return { contentDir, releasesDir };
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("«Корзина» of «Медиа»", () => {
  it("keeps an image's bytes and description for 30 days, then removes them by time", async () => {
    const { contentDir, releasesDir } = place();
    const now = Date.UTC(2026, 10, 1);
    await keepPicture(contentDir, releasesDir, FILE, BY, now);
    expect(await listPictures(releasesDir, now)).toEqual([{ file: FILE, width: 40, height: 30, alt: "Схема", deletedBy: BY, deletedAt: now, daysLeft: 30 }]);
    expect((await trashedBytes(releasesDir, FILE))?.equals(readFileSync(join(contentDir, "uploads", FILE)))).toBe(true);
    // A day before the end: still there, one day left.
    expect((await listPictures(releasesDir, now + TRASH_KEEP_MS - 1))[0]?.daysLeft).toBe(1);
    expect(await purgeExpiredPictures(releasesDir, now + TRASH_KEEP_MS - 1)).toEqual([]);
    // At the end: listed no more, and the pruning removes the bytes themselves.
    expect(await listPictures(releasesDir, now + TRASH_KEEP_MS)).toEqual([]);
    expect(await purgeExpiredPictures(releasesDir, now + TRASH_KEEP_MS)).toEqual([FILE]);
    expect(existsSync(join(releasesDir, "media-trash", FILE))).toBe(false);
    expect(existsSync(join(releasesDir, "media-trash", `${FILE}.json`))).toBe(false);
  });

  it("puts an image back with its sidecar, and keeps a sidecar uploaded again since", async () => {
    const { contentDir, releasesDir } = place();
    await keepPicture(contentDir, releasesDir, FILE, BY, 1);
    rmSync(join(contentDir, "uploads", FILE));
    rmSync(join(contentDir, "uploads", SIDECAR));
    expect(await restorePicture(contentDir, releasesDir, FILE)).toEqual({ alt: "Схема" });
    expect(JSON.parse(readFileSync(join(contentDir, "uploads", SIDECAR), "utf8"))).toMatchObject({ alt: "Схема" });
    expect(await listPictures(releasesDir, 2)).toEqual([]);
    expect(await restorePicture(contentDir, releasesDir, FILE)).toBeNull();
    // Uploaded again and described anew while its copy waited in the trash: the new description stays.
    await keepPicture(contentDir, releasesDir, FILE, BY, 3);
    writeFileSync(join(contentDir, "uploads", SIDECAR), JSON.stringify({ width: 40, height: 30, format: "png", alt: "Новое описание" }));
    await restorePicture(contentDir, releasesDir, FILE);
    expect(JSON.parse(readFileSync(join(contentDir, "uploads", SIDECAR), "utf8"))).toMatchObject({ alt: "Новое описание" });
  });

  it("names nothing outside its folder: a name that is not one of «Медиа»'s is no picture", async () => {
    const { releasesDir } = place();
    for (const name of ["../schedule.json", "x.json", `${FILE}.json`, ""]) {
      expect(await trashedBytes(releasesDir, name), name).toBeNull();
      expect(await purgePicture(releasesDir, name), name).toBe(false);
    }
  });
});
