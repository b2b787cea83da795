import { imageKeys } from "./keys.ts";
import type { ImageData } from "./types.ts";

/**
 * The generated artwork, looked up by loaders. `npm run images` (part of
 * `npm run build` and `npm run dev`) draws every image and writes
 * manifest.generated.json; Vite bundles that file into the server build, so
 * the running server reads no image metadata from disk.
 */
const found = import.meta.glob<Record<string, ImageData>>("./manifest.generated.json", { eager: true, import: "default" });
const manifest = Object.values(found)[0];

function image(key: string): ImageData {
  if (!manifest) throw new Error("Image manifest missing: run `npm run images` (app/images/manifest.generated.json)");
  const entry = manifest[key];
  if (!entry) throw new Error(`No generated image "${key}": is it in scripts/images/catalog.ts?`);
  return entry;
}

/** Cover of a case study (16:10). */
export const caseCover = (slug: string) => image(imageKeys.caseCover(slug));
/** Cover of a service (16:10). */
export const serviceCover = (slug: string) => image(imageKeys.serviceCover(slug));
/** A client's wordmark (SVG). */
export const clientLogo = (name: string) => image(imageKeys.clientLogo(name));
/** A team member's avatar (square). */
export const teamAvatar = (id: string) => image(imageKeys.teamAvatar(id));
