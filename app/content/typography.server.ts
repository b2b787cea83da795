import Typograf from "typograf";

/**
 * Russian typography applied to content before it is rendered, so the server
 * HTML and the client render are identical (no DOM rewriting, no hydration
 * mismatch) and no typographer ships to the browser. The spec's rules
 * (short words bound with U+00A0, at most 2 line breaks, tab → 4 spaces) are
 * typograf defaults; the rules disabled below would change content itself.
 */
const SHARED = {
  htmlEntity: { type: "default" as const },
  disableRule: [
    "ru/other/phone-number",
    "ru/punctuation/ano",
    "ru/date/fromISO",
    "ru/date/weekday",
    "common/space/beforeBracket",
  ],
};

const russian = new Typograf({ locale: ["ru", "en-US"], ...SHARED });
// Only the first locale's rules run: English text needs English quotes.
const english = new Typograf({ locale: ["en-US", "ru"], ...SHARED });

const CYRILLIC = /[а-яё]/i;

/** Typographs plain text or an HTML fragment (tags are kept byte for byte). */
export function typograph(text: string): string {
  return (CYRILLIC.test(text) ? russian : english).execute(text);
}
