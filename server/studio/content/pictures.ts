import { isEditableType } from "#core/content/catalog.ts";
import { UPLOAD_HREF } from "#core/content/uploads.server.ts";
import { readEntry, titleOf, validSlug } from "./files.ts";
import { mediaAbout } from "./media.ts";

/**
 * A picture an entry names in a field (a cover, a photo) that «Медиа» no
 * longer has would publish a page without it: the renderer falls back to
 * drawn artwork without a word. Saving (and so restoring a version) and
 * publishing refuse it at the field instead. Pictures in texts are refused
 * by the Markdown renderer itself at a save (MARKDOWN_MESSAGES.noUpload), and
 * here too at a publication, so it is named at the text's field, not as a failed release.
 */
export const PICTURE_MISSING = "Этого изображения нет в\u00a0«Медиа»: выберите другое или верните его из\u00a0«Корзины»";

const NAMED = new RegExp(UPLOAD_HREF.source.slice(1, -1), "g");

/** Deep enough for every schema's nesting (a group in a list in a field). */
const DEPTH = 6;

/** The fields of `values` (path "team.0.photo" → message) naming an upload «Медиа» does not have. */
export function missingPictures(contentDir: string, values: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const walk = (value: unknown, path: string[], depth: number) => {
    if (typeof value === "string") {
      // A field that is a picture, or a text that shows some.
      for (const match of value.matchAll(NAMED)) {
        if (!mediaAbout(contentDir, `${match[1]}.${match[2]}`)) errors[path.join(".")] = PICTURE_MISSING;
      }
      return;
    }
    if (depth >= DEPTH || typeof value !== "object" || value === null) return;
    for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key], depth + 1);
  };
  walk(values, [], 0);
  return errors;
}

/** Entries (`type/slug`) whose saved values name a missing picture, each with the fields' names as people read them. */
export function entriesMissingPictures(contentDir: string, keys: readonly string[]): Array<{ key: string; title: string; fields: Record<string, string> }> {
  const found: Array<{ key: string; title: string; fields: Record<string, string> }> = [];
  for (const key of keys) {
    const [type = "", slug = ""] = key.split("/");
    if (!isEditableType(type) || !validSlug(type, slug)) continue;
    const values = readEntry(contentDir, type, slug)?.values;
    if (!values) continue;
    const fields = missingPictures(contentDir, values);
    if (Object.keys(fields).length > 0) found.push({ key, title: titleOf(values, slug), fields });
  }
  return found;
}
