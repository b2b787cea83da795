import type { TrashedPicture } from "./media-api.ts";

/**
 * «Корзина» (server/studio/api/trash.ts): entries deleted in the studio, kept
 * with their files for TRASH_DAYS days. «Восстановить» puts one back at its
 * address (or another free one); «Удалить навсегда» is for admins
 * (content:trash-purge). Older ones are removed by themselves.
 */
export const TRASH_DAYS = 30;
export const TRASH_KEEP_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

export type TrashItem = {
  id: number;
  type: string;
  /** The collection's name («Статьи Академии»). */
  section: string;
  slug: string;
  title: string;
  /** Its public address, if the type has pages. */
  path: string | null;
  deletedBy: { login: string; name: string };
  deletedAt: number;
  /** Whole days left before it is removed for good (at least 1 while it is listed). */
  daysLeft: number;
  /** Whether its address was ever on the site. */
  wasPublished: boolean;
};

/** GET /trash[?type=…] */
export type TrashList = { items: TrashItem[]; pictures: TrashedPicture[]; type: string | null; canPurge: boolean };

/** POST /trash/:id/restore { slug? }: back in the content folder, saved, not yet published. */
export type TrashRestored = { ok: true; message: string; type: string; slug: string };
