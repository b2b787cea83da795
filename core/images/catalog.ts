/**
 * Every generated image of the site, derived from the content: case and
 * service covers, client wordmarks, team avatars. Adding content adds its
 * artwork on the next build.
 */
import { type Content, content } from "../content/index.server.ts";
import { imageKeys } from "./keys.ts";
import { AVATAR, avatarSvg } from "./avatar.ts";
import { COVER, coverSvg } from "./cover.ts";
import { wordmarkSvg } from "./wordmark.ts";
import { palette } from "./palette.ts";

export type Artwork = {
  key: string;
  svg: string;
  width: number;
  height: number;
  /** Widths to encode to AVIF and WebP; none for images served as SVG. */
  widths: readonly number[];
  color?: string;
};

/** Cards show covers 300–640 px wide, a case page up to 1280: three widths cover 1× and 2× screens. */
const COVER_WIDTHS = [480, 960, 1440] as const;
/** Avatars appear at 48–160 px. */
const AVATAR_WIDTHS = [160, 320] as const;

/** Client names as published anywhere (clients list, cases, reviews), without typography's no-break spaces. */
export function clientNames(c: Content): string[] {
  const names = [...c.company.clients.map((client) => client.name), ...c.cases.map((x) => x.client), ...c.reviews.map((x) => x.company)];
  return [...new Set(names.map((name) => name.replace(/\u00a0/g, " ").trim()))].sort();
}

export function artworkCatalog(c: Content = content()): Artwork[] {
  const direction = new Map(c.services.map((s) => [s.slug, s.direction]));
  const list: Artwork[] = [];
  for (const entry of c.cases) {
    const key = imageKeys.caseCover(entry.slug);
    const first = entry.services[0] ?? "";
    const cover = coverSvg({ seed: key, service: first, direction: direction.get(first) ?? "marketing", client: entry.client.replace(/\u00a0/g, " ") });
    list.push({ key, ...cover, ...COVER, widths: COVER_WIDTHS });
  }
  for (const service of c.services) {
    const key = imageKeys.serviceCover(service.slug);
    const cover = coverSvg({ seed: key, service: service.slug, direction: service.direction, icon: service.icon });
    list.push({ key, ...cover, ...COVER, widths: COVER_WIDTHS });
  }
  for (const name of clientNames(c)) {
    const mark = wordmarkSvg(name, palette.ink);
    list.push({ key: imageKeys.clientLogo(name), svg: mark.svg, width: mark.width, height: mark.height, widths: [] });
  }
  for (const member of c.company.team) {
    const key = imageKeys.teamAvatar(member.id);
    list.push({ key, ...avatarSvg(member.id, member.name), ...AVATAR, widths: AVATAR_WIDTHS });
  }
  return list;
}
