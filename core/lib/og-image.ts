/**
 * Where a page's Open Graph image lives: drawn at build for every prerendered
 * page (server/releases/og.ts). `null` is the site-wide picture used by pages
 * that are not indexed (errors).
 */
export function ogImagePath(pathname: string | null): string {
  if (pathname === null) return "/og/default.png";
  const key = pathname.split("/").filter(Boolean).join("/");
  return `/og/${key || "home"}.png`;
}
