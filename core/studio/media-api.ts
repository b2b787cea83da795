/**
 * «Медиа»: the images uploaded into the content, as the studio's API gives
 * them (server/studio/api/media.ts) and its page shows them
 * (studio/pages/media.tsx).
 */

/** Where an image is used: an entry (by its title) and the field or text that shows it. */
export type MediaUse = { type: string; slug: string; title: string };

export type MediaItem = {
  /** `<hash>.<ext>` under content/uploads/: how Markdown names it (`/uploads/<file>`). */
  file: string;
  width: number;
  height: number;
  bytes: number;
  /** What the image shows, for people who do not see it; offered as the alt text wherever it is inserted. */
  alt: string;
  caption: string;
  /** The point a crop keeps in view, 0–1 from the left and the top (the centre by default). */
  focal: { x: number; y: number };
  uploadedAt: number | null;
  uses: MediaUse[];
};

/**
 * GET /media?q=…: the library, newest first, found by alt text, caption or
 * file name. With `uses=0` (the pickers) each item's `uses` is left empty:
 * finding them reads every content file.
 */
export type MediaList = { items: MediaItem[]; total: number };

/** PUT /media/:file */
export type MediaUpdate = { alt: string; caption?: string; focal?: { x: number; y: number } };

/**
 * POST /media/:file/replace (the new image as the body, like an upload):
 * every entry that showed `file` shows the new one, with its description;
 * `entries` are those changed, waiting for publication.
 */
export type MediaReplaced = { file: string; entries: MediaUse[]; message: string };

export const MEDIA_LIMITS = { alt: 300, caption: 500 } as const;
