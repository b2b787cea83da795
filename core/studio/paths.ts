/**
 * The studio's addresses, shared by its server (which pages exist, where to
 * send a visitor who is not signed in) and its browser app (the route table,
 * links). Every page address ends with a slash, like the site's.
 */
export const STUDIO_BASE = "/studio";
export const STUDIO_API = `${STUDIO_BASE}/api`;

/** Whether the studio answers this request target (the raw one, before any parsing). */
export function isStudioTarget(target: string): boolean {
  return target === STUDIO_BASE || target.startsWith(`${STUDIO_BASE}/`) || target.startsWith(`${STUDIO_BASE}?`);
}

/** Page paths inside the studio (the router's basename is STUDIO_BASE). */
export const pages = {
  home: "/",
  signIn: "/sign-in/",
  profile: "/profile/",
  users: "/users/",
  journal: "/journal/",
  // Sections to come; their pages replace the placeholders.
  content: "/content/",
  trash: "/content/trash/",
  media: "/media/",
  releases: "/releases/",
  inbox: "/inbox/",
  inboxStages: "/inbox/stages/",
  personalData: "/personal-data/",
  settings: "/settings/",
  searchLog: "/search-log/",
} as const;

export type PageName = keyof typeof pages;

/** The full address of a studio page: studioHref("users") → "/studio/users/". */
export function studioHref(page: PageName): string {
  return STUDIO_BASE + pages[page];
}

const PAGE_PATHS = new Set<string>(Object.values(pages).map((path) => STUDIO_BASE + path));
/** Sections whose pages go deeper (an entry, a release): any plain sub-path under them is theirs. */
const SECTIONS: readonly PageName[] = ["content", "releases", "inbox"];
const SUB_PATH = /^(?:[a-z0-9][a-z0-9._-]{0,99}\/){1,4}$/;

/** Whether a full path is one of the studio's pages (others get the studio's 404). */
export function isStudioPage(pathname: string): boolean {
  if (PAGE_PATHS.has(pathname)) return true;
  return SECTIONS.some((section) => {
    const prefix = studioHref(section);
    return pathname.startsWith(prefix) && SUB_PATH.test(pathname.slice(prefix.length));
  });
}

/**
 * Where to go after signing in: a studio page given as `next`, or the studio's
 * home. Anything else (another site, `//host`, a backslash, an encoded trick,
 * the sign-in page itself) falls back to home: never an open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  const home = studioHref("home");
  if (!next || next.length > 512) return home;
  // Only a plain path of our own: no scheme, no host, no backslashes or control characters.
  if (!/^\/studio\/[A-Za-z0-9\-._~/?=&%]*$/.test(next) || next.includes("//") || /%(2f|5c|0|1|7f)/i.test(next)) return home;
  const pathname = next.split("?")[0] as string;
  if (!isStudioPage(pathname) || pathname === studioHref("signIn")) return home;
  return next;
}

/** The sign-in page's address that brings the visitor back to `next` afterwards. */
export function signInHref(next?: string): string {
  const target = safeNext(next);
  return target === studioHref("home") ? studioHref("signIn") : `${studioHref("signIn")}?next=${encodeURIComponent(target)}`;
}
