import { Marked, type Tokens } from "marked";
import { highlightCode } from "./highlight.server.ts";
import { typograph } from "./typography.server.ts";
import { describesUpload, encodedUploadName, UPLOAD_HREF, uploadSize, uploadWidths, UPLOADS_PUBLIC_PREFIX } from "./uploads.server.ts";

/**
 * Ids already given in the document being rendered: two "Итоги" headings get
 * `итоги` and `итоги-2`. Rendering is synchronous, so one set per call is safe.
 */
let usedIds = new Set<string>();

/** Set per call: where a document's `##` lands when it is a part of a page, not the page (see renderMarkdown). */
let nestedUnder: number | null = null;

/** Set per call: where uploaded originals are shown from in the studio's preview (null: the published <picture>). */
let uploadsBase: string | null = null;

/** Set per call: when rendering must have ended, in this thread's CPU time (cpuMs), see renderMarkdown. */
let deadline = Number.POSITIVE_INFINITY;

/** Set per call: a link that would be dropped is refused instead (the studio's save and preview), see renderMarkdown. */
let strictLinks = false;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** Text into an attribute, its character references left as they are (CommonMark reads `&#91;` as `[`). */
const escapeText = (text: string) => text.replace(/&(?!#\d{1,7};|#x[\da-f]{1,6};|[a-z][a-z\d]{1,31};)/gi, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Links and images lead only where a page may send a visitor: the site's own
 * paths and anchors, http(s), mail and phone. Anything else (javascript:,
 * data:, vbscript:…) is dropped, whoever wrote the Markdown. A path may not
 * start `//` or `/\\`, and no link may hold a backslash or a control
 * character: browsers read `/\\evil.example`, and `/<tab>/evil.example` once
 * they strip the tab, as the address of another site.
 */
const SAFE_HREF = /^(?:\/(?![/\\])|#|https?:\/\/|mailto:|tel:)[^\\\p{Cc}]*$/iu;

/**
 * Where an image may come from: «Медиа» (`/uploads/<file>`) or a path of the
 * site itself. The page's CSP (`img-src 'self' data:`) blocks pictures from
 * other hosts, so an image at `https://…`, `http://…` or `//host` would only
 * ever show as a broken picture: the studio refuses it, a release shows its
 * alt text instead.
 */
const SITE_IMAGE = /^\/(?![/\\])[^\\\p{Cc}]*$/u;

/** Some text in a message, one line, its control characters visible and at most 80 characters. */
const shortened = (text: string) => {
  const line = text.replace(/\p{Cc}/gu, "\ufffd");
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

export const MARKDOWN_MESSAGES = {
  link: (href: string) =>
    `Ссылка «${href.replace(/\p{Cc}/gu, "�")}» не\u00a0годится: нужен адрес страницы сайта от\u00a0корня (/services/), https://…, mailto: или tel:, без обратной косой черты и\u00a0невидимых символов`,
  noUpload: (src: string) => `изображение ${shortened(src)} не\u00a0найдено: загрузите его заново`,
  image: (alt: string, src: string) =>
    `Изображение ${alt.trim() ? `«${shortened(alt.trim())}» ` : ""}по\u00a0адресу «${shortened(src)}» на\u00a0сайте не\u00a0покажется: страницы показывают только свои изображения. Загрузите его в\u00a0«Медиа» и\u00a0вставьте оттуда`,
  nesting: "Слишком глубокая вложенность цитат или списков: разметку не\u00a0разобрать",
  tooComplex:
    "Текст слишком сложный для разметки: он не\u00a0разобран за\u00a0отведённое время. Проверьте подряд идущие знаки _, * и\u00a0~ или разделите текст",
} as const;

/**
 * How long one text may take to render where nothing else limits it (a
 * release, content:check): texts of the size limit take 30–90 ms, hostile
 * ones minutes (decision 025). The studio's worker has a shorter limit of its
 * own, so whatever it saved renders here well within this.
 */
export const RENDER_TIME_LIMIT_MS = 3_000;

/**
 * This thread's CPU time in milliseconds: the limits count what a text costs, not how long a loaded
 * machine took to give it that time (at a load of 30 on two cores, an ordinary 90 ms text took over
 * a second of wall time and was refused as too complex).
 */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/**
 * marked's emphasis and strikethrough tokenizers scan the rest of the text for
 * a closing delimiter at every opening one: time grows with the square of the
 * text (`_*a` repeated: 30 s for 50,000 characters). Checked before each scan,
 * a deadline stops such a text within one scan of it. `false` lets marked's
 * own tokenizer run.
 */
function withinDeadline(): false {
  if (cpuMs() > deadline) throw new Error(MARKDOWN_MESSAGES.tooComplex);
  return false;
}

/** Whether a link or image may be rendered; in the studio (strictLinks) one that may not is an error at its field. */
function safeHref(href: string): boolean {
  if (SAFE_HREF.test(href)) return true;
  if (strictLinks) throw new Error(MARKDOWN_MESSAGES.link(href));
  return false;
}

/** An uploaded image as a <picture> of its encoded copies (or the original, in the studio's preview). */
function uploadedImage(hash: string, ext: string, alt: string): string {
  const size = uploadSize(hash);
  if (!size || !describesUpload(size, ext)) throw new Error(MARKDOWN_MESSAGES.noUpload(`/uploads/${hash}.${ext}`));
  const dims = `width="${size.width}" height="${size.height}"`;
  if (uploadsBase !== null) return `<img src="${uploadsBase}${hash}.${ext}" alt="${alt}" ${dims}>`;
  const widths = uploadWidths(size.width);
  const largest = widths[widths.length - 1] as number;
  const height = Math.round((size.height * largest) / size.width);
  const srcset = (format: "avif" | "webp") => widths.map((w) => `${UPLOADS_PUBLIC_PREFIX}/${encodedUploadName(hash, w, format)} ${w}w`).join(", ");
  const middle = widths[Math.floor(widths.length / 2)] ?? largest;
  return (
    `<picture><source type="image/avif" srcset="${srcset("avif")}" sizes="(min-width: 48rem) 48rem, 100vw">` +
    `<source type="image/webp" srcset="${srcset("webp")}" sizes="(min-width: 48rem) 48rem, 100vw">` +
    `<img src="${UPLOADS_PUBLIC_PREFIX}/${encodedUploadName(hash, middle, "webp")}" alt="${alt}" width="${largest}" height="${height}" loading="lazy" decoding="async"></picture>`
  );
}

/** Heading text → anchor id. Cyrillic letters stay (valid in HTML and in URLs), the rest becomes dashes. */
export function headingId(text: string): string {
  const base =
    text
      .toLowerCase()
      .replace(/<[^>]*>/g, "")
      .replace(/&[a-z]+;|&#\d+;/g, " ")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "section";
  let id = base;
  for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
  usedIds.add(id);
  return id;
}

const marked = new Marked({
  gfm: true,
  tokenizer: { emStrong: withinDeadline, del: withinDeadline },
  renderer: {
    code: ({ text, lang }) => `${highlightCode(text, lang)}\n`,
    // Raw HTML in Markdown is shown as text: content is written in the studio by people, not by developers.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      if (!safeHref(href.trim())) return inner;
      return `<a href="${escapeHtml(href.trim())}"${title ? ` title="${escapeHtml(title)}"` : ""}>${inner}</a>`;
    },
    image({ href, title, text, tokens }) {
      const src = href.trim();
      const upload = UPLOAD_HREF.exec(src);
      // The description as plain text, as CommonMark reads it: `\*` is a star, `*word*` the word (markdownImage escapes so).
      const alt = escapeText(tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text);
      if (upload) return uploadedImage(upload[1] as string, upload[2] as string, alt);
      // «Медиа» names its files one way only: anything else under /uploads/ is no upload.
      if (src.startsWith("/uploads/")) {
        if (strictLinks) throw new Error(MARKDOWN_MESSAGES.noUpload(src));
        return alt;
      }
      if (!SITE_IMAGE.test(src)) {
        if (strictLinks) throw new Error(MARKDOWN_MESSAGES.image(text, src));
        return alt;
      }
      return `<img src="${escapeHtml(src)}" alt="${alt}"${title ? ` title="${escapeHtml(title)}"` : ""}>`;
    },
    // Section headings carry ids so a table of contents (articles, legal pages) can link to them.
    heading({ tokens, depth, text }) {
      const inner = this.parser.parseInline(tokens);
      if (nestedUnder !== null) {
        const level = Math.min(6, nestedUnder + depth - 1);
        return `<h${level}>${inner}</h${level}>\n`;
      }
      if (depth < 2 || depth > 3) return `<h${depth}>${inner}</h${depth}>\n`;
      return `<h${depth} id="${headingId(text)}">${inner}</h${depth}>\n`;
    },
  },
});

/**
 * Markdown → HTML: code blocks highlighted, ## and ### headings with ids,
 * typography applied to the text (code left alone). A wide table scrolls
 * inside itself, so it takes keyboard focus to be scrolled without a mouse.
 * `nestedUnder: 3` is for text shown inside an item titled by an <h3> (an event
 * on the events page): its `##` becomes <h4>, without ids, since several
 * such texts share one page and their headings are not in a table of contents.
 * `strictLinks`: a link that would be dropped throws a Russian message instead
 * (the studio refuses it at its field; content already saved is still shown,
 * without the link). `timeLimitMs`: a text not parsed within that much of this
 * thread's CPU time throws a Russian message (MARKDOWN_MESSAGES.tooComplex).
 */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  usedIds = new Set();
  nestedUnder = options.nestedUnder ?? null;
  uploadsBase = options.uploadsBase ?? null;
  strictLinks = options.strictLinks ?? false;
  deadline = cpuMs() + (options.timeLimitMs ?? RENDER_TIME_LIMIT_MS);
  let html: string;
  try {
    html = marked.parse(source, { async: false });
  } catch (error) {
    // marked recurses once per level of `>` or list nesting: thousands of levels overflow the stack.
    if (error instanceof RangeError || (error as Error).message.startsWith("Maximum call stack")) throw new Error(MARKDOWN_MESSAGES.nesting);
    // Our own refusals (a link, an upload, the deadline) come back with marked's plea to report a bug appended: it is not one.
    throw new Error((error as Error).message.replace(/\s*Please report this to https:\/\/github\.com\/markedjs\/marked\.?$/, ""), { cause: error });
  } finally {
    strictLinks = false;
    deadline = Number.POSITIVE_INFINITY;
  }
  return typograph(html).replaceAll("<table>", '<table tabindex="0">');
}

export type MarkdownOptions = { nestedUnder?: number; uploadsBase?: string; strictLinks?: boolean; timeLimitMs?: number };

export type TocEntry = { id: string; title: string; level: 2 | 3 };

/** The table of contents of rendered HTML: its ## (and, with `depth: 3`, ###) headings in order. */
export function tableOfContents(html: string, depth: 2 | 3 = 2): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const m of html.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)) {
    const level = Number(m[1]) as 2 | 3;
    if (level > depth) continue;
    const title = (m[3] ?? "")
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|\u00a0/g, "\u00a0")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    entries.push({ id: m[2] ?? "", title, level });
  }
  return entries;
}
