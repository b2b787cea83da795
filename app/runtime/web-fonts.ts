import { hasNavigated } from "./app-state.ts";
import { onPageFinish } from "./transitions.ts";

/**
 * When text is set in Onest. Its files (~52 KB) never compete with a first
 * visit's first paint, and the text never changes font under the reader:
 * - a first visit reads its first page in the size-matched local faces
 *   (core/styles/fonts.css) while the files download after load, unseen;
 * - from the first page reached by a client-side navigation on (it is drawn
 *   anew anyway), and on every later page load of the same visit (tab) from
 *   the first paint, text is set in Onest.
 * The flag lives in sessionStorage, not localStorage: a visit that comes back
 * days later may find the files gone from its HTTP cache, and its first paint
 * must not wait for them.
 * The `web-fonts` class of <html> switches `--font-sans` (core/styles/tokens.css).
 */
const CLASS = "web-fonts";
const CACHED_FLAG = "web-fonts-cached";

/** Runs in <head> before the first paint (a hashed inline script): this visit has fetched the files. */
export const WEB_FONTS_HEAD_SCRIPT = `try{sessionStorage.getItem("${CACHED_FLAG}")&&document.documentElement.classList.add("${CLASS}")}catch(e){}`;

/** After hydration: fetch the files for later, and switch with the next page. */
export function startWebFonts(): void {
  const root = document.documentElement;
  if (root.classList.contains(CLASS)) return;
  // One sample per subset the site declares: Cyrillic, and Latin with digits.
  void document.fonts.load("1em Onest", "Ая Az 09").then(() => {
    try {
      sessionStorage.setItem(CACHED_FLAG, "1");
    } catch {
      // Storage disabled: the next page load starts in the local faces again.
    }
  });
  const stop = onPageFinish(() => {
    if (!hasNavigated()) return;
    stop();
    root.classList.add(CLASS);
  });
}
