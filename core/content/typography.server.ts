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

/** Stand-ins from Unicode's private use area, which no one types, for what Typograf would read as markup. */
const AMP = "\ue000";
const LT = "\ue001";
const SEMI = "\ue002";
/** An entity (`&copy;`, `&#60;`) or a tag's start (`<b`, `</`, `<!`): markup to Typograf, text to whoever typed it. */
const MARKUP = /&(#?\w+);|<(?=[a-z/!?])/gi;
const RESTORE = new RegExp(`[${AMP}${LT}${SEMI}]`, "g");
const ORIGINAL: Record<string, string> = { [AMP]: "&", [LT]: "<", [SEMI]: ";" };

/**
 * Typographs plain text: what was typed stays what is shown. Typograf reads its
 * input as HTML, so `&copy;` typed into a title would come out as «©» and a
 * tag would be skipped as a tag; such sequences are hidden from it and put
 * back after (each place that shows the text escapes it for its own format).
 */
export function typographText(text: string): string {
  const hidden = text.replace(MARKUP, (_, entity: string | undefined) => (entity === undefined ? LT : AMP + entity + SEMI));
  return typograph(hidden).replace(RESTORE, (c) => ORIGINAL[c] as string);
}
