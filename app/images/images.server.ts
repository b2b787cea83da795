import { coverImage } from "#core/content/uploads.server.ts";
import { releasedImage } from "#core/content/source.server.ts";
import { imageKeys } from "#core/images/keys.ts";
import type { ImageData } from "#core/images/types.ts";

/**
 * The generated artwork, looked up by loaders. A release draws every image
 * from its content and hands pages its manifest (core/content/source.server.ts);
 * the dev server hands them the one `npm run images` writes (manifest.generated.json:
 * `npm run dev` draws first), which a page rendered outside any scope (a test) reads here.
 */
const devManifest = () =>
  Object.values(import.meta.glob<Record<string, ImageData>>("./manifest.generated.json", { eager: true, import: "default" }))[0];

function image(key: string): ImageData {
  const released = releasedImage(key);
  const entry = released === null ? devManifest()?.[key] : released;
  if (!entry) throw new Error(`No generated image "${key}": is it in core/images/catalog.ts?`);
  return entry;
}

/** Cover of a case study: the one chosen in «Медиа», else the artwork drawn for it (16:10). */
export const caseCover = (entry: { slug: string; cover?: string | undefined }) => coverImage(entry.cover)?.image ?? image(imageKeys.caseCover(entry.slug));
/** Cover of a service (16:10). */
export const serviceCover = (slug: string) => image(imageKeys.serviceCover(slug));
/** A client's wordmark (SVG). */
export const clientLogo = (name: string) => image(imageKeys.clientLogo(name));
/** A team member's avatar (square). */
export const teamAvatar = (id: string) => image(imageKeys.teamAvatar(id));
