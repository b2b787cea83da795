/**
 * Covers for cases and services: an abstract composition on one of the brand
 * schemes, its motif chosen by the kind of work (a target for marketing, bars
 * for analytics…), with the service's icon or the client's wordmark as badge.
 * 1600×1000 (16:10); every number comes from a seeded random, so the same
 * entry always gets the same cover.
 */
import type { ServiceDirection } from "../content/schemas/services.ts";
import { iconGroup } from "./icons.ts";
import { SCHEMES, type Scheme } from "./palette.ts";
import { type Random, r, seeded } from "./random.ts";
import { wordmark } from "./wordmark.ts";

export const COVER = { width: 1600, height: 1000 } as const;
const { width: W, height: H } = COVER;

type Motif = (random: Random, scheme: Scheme) => string;

/** Marketing: concentric rings around a point, a vector aimed at it. */
const target: Motif = (random, s) => {
  const cx = random.range(1020, 1220);
  const cy = random.range(380, 600);
  const step = random.range(70, 95);
  let rings = "";
  for (let i = 1; i <= 8; i += 1) {
    const opacity = i % 2 === 0 ? 0.9 : 0.35;
    rings += `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(step * i)}" fill="none" stroke="${s.primary}" stroke-width="${i === 3 ? 26 : 10}" stroke-opacity="${opacity}"/>`;
  }
  const angle = random.range(-2.6, -2.1);
  const len = step * 9;
  const x1 = cx + Math.cos(angle) * len;
  const y1 = cy + Math.sin(angle) * len;
  return `${rings}<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(step * 0.7)}" fill="${s.secondary}"/><path d="M${r(x1)} ${r(y1)}L${r(cx)} ${r(cy)}" stroke="${s.secondary}" stroke-width="14" stroke-linecap="round"/>`;
};

/** Analytics: rising bars on a baseline, a trend line with its points. */
const bars: Motif = (random, s) => {
  const count = random.int(6, 8);
  const left = 640;
  const right = 1520;
  const base = 860;
  const gap = 26;
  const bw = (right - left - gap * (count - 1)) / count;
  let shapes = `<path d="M${left - 40} ${base}H${W}" stroke="${s.secondary}" stroke-opacity=".5" stroke-width="6"/>`;
  const points: Array<[number, number]> = [];
  for (let i = 0; i < count; i += 1) {
    const h = 140 + (i / (count - 1)) * 480 + random.range(-70, 70);
    const x = left + i * (bw + gap);
    shapes += `<rect x="${r(x)}" y="${r(base - h)}" width="${r(bw)}" height="${r(h + 40)}" rx="${r(bw / 5)}" fill="${s.primary}" fill-opacity="${r(0.55 + (i / count) * 0.45)}"/>`;
    points.push([x + bw / 2, base - h - random.range(60, 120)]);
  }
  const line = points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r(x)} ${r(y)}`).join("");
  const dots = points.map(([x, y]) => `<circle cx="${r(x)}" cy="${r(y)}" r="14" fill="${s.background}" stroke="${s.secondary}" stroke-width="8"/>`).join("");
  return `${shapes}<path d="${line}" fill="none" stroke="${s.secondary}" stroke-width="8" stroke-linejoin="round"/>${dots}`;
};

/** Creative: a Bauhaus still life of a circle, a square and a half disc. */
const shapes: Motif = (random, s) => {
  const cx = random.range(1040, 1200);
  const cy = random.range(420, 560);
  const rad = random.range(250, 320);
  const sq = random.range(260, 340);
  const rot = random.range(-18, 18);
  const hx = random.range(700, 860);
  return [
    `<rect x="${r(cx - sq * 1.25)}" y="${r(cy - sq * 0.2)}" width="${r(sq)}" height="${r(sq)}" rx="24" fill="${s.secondary}" transform="rotate(${r(rot)} ${r(cx - sq * 0.75)} ${r(cy + sq * 0.3)})"/>`,
    `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rad)}" fill="${s.primary}" fill-opacity=".92"/>`,
    `<path d="M${r(hx)} ${H}a${r(rad * 0.8)} ${r(rad * 0.8)} 0 0 1 ${r(rad * 1.6)} 0z" fill="${s.secondary}" fill-opacity=".5"/>`,
    `<circle cx="${r(cx + rad * 0.9)}" cy="${r(cy - rad * 0.9)}" r="44" fill="none" stroke="${s.secondary}" stroke-width="14"/>`,
  ].join("");
};

/** Development: interface panels stacked in depth, lines of code on them. */
const windows: Motif = (random, s) => {
  let out = "";
  for (let i = 0; i < 3; i += 1) {
    const x = 700 + i * 110 + random.range(-20, 20);
    const y = 170 + i * 120 + random.range(-20, 20);
    const w = 720;
    const h = 470;
    const front = i === 2;
    out += `<rect x="${r(x)}" y="${r(y)}" width="${w}" height="${h}" rx="28" fill="${front ? s.primary : s.faint}" stroke="${s.secondary}" stroke-opacity="${front ? 0 : 0.35}" stroke-width="4"/>`;
    out += `<circle cx="${r(x + 44)}" cy="${r(y + 44)}" r="10" fill="${s.secondary}" fill-opacity=".8"/><circle cx="${r(x + 78)}" cy="${r(y + 44)}" r="10" fill="${s.secondary}" fill-opacity=".5"/>`;
    if (front) {
      for (let line = 0; line < 6; line += 1) {
        const indent = [0, 40, 80, 80, 40, 0][line] ?? 0;
        const length = random.range(160, 420);
        out += `<rect x="${r(x + 56 + indent)}" y="${r(y + 110 + line * 52)}" width="${r(length)}" height="20" rx="10" fill="${s.secondary}" fill-opacity="${line % 3 === 0 ? 0.95 : 0.55}"/>`;
      }
    }
  }
  return out;
};

/** Consulting: a compass rose with orbits: direction before speed. */
const orbits: Motif = (random, s) => {
  const cx = random.range(1060, 1180);
  const cy = random.range(440, 560);
  const rad = 330;
  let ticks = "";
  for (let i = 0; i < 36; i += 1) {
    const a = (i / 36) * Math.PI * 2;
    const inner = i % 9 === 0 ? rad - 56 : rad - 28;
    ticks += `<path d="M${r(cx + Math.cos(a) * inner)} ${r(cy + Math.sin(a) * inner)}L${r(cx + Math.cos(a) * rad)} ${r(cy + Math.sin(a) * rad)}" stroke="${s.secondary}" stroke-width="${i % 9 === 0 ? 10 : 5}" stroke-linecap="round"/>`;
  }
  const tilt = random.range(-35, -15);
  const needle = random.range(20, 70);
  return [
    `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${rad + 170}" ry="${rad - 120}" fill="none" stroke="${s.primary}" stroke-width="10" stroke-opacity=".6" transform="rotate(${r(tilt)} ${r(cx)} ${r(cy)})"/>`,
    `<circle cx="${r(cx)}" cy="${r(cy)}" r="${rad}" fill="none" stroke="${s.primary}" stroke-width="22"/>`,
    ticks,
    `<g transform="rotate(${r(needle)} ${r(cx)} ${r(cy)})"><path d="M${r(cx)} ${r(cy - rad + 80)}L${r(cx + 46)} ${r(cy)}L${r(cx)} ${r(cy + rad - 80)}L${r(cx - 46)} ${r(cy)}z" fill="${s.primary}"/><path d="M${r(cx)} ${r(cy - rad + 80)}L${r(cx + 46)} ${r(cy)}L${r(cx - 46)} ${r(cy)}z" fill="${s.secondary}"/></g>`,
    `<circle cx="${r(cx + Math.cos((tilt * Math.PI) / 180) * (rad + 170))}" cy="${r(cy + Math.sin((tilt * Math.PI) / 180) * (rad + 170))}" r="30" fill="${s.secondary}"/>`,
  ].join("");
};


/** SEO: a search line and results, one rising to the top. */
const ranking: Motif = (random, s) => {
  const x = random.range(620, 700);
  const w = 1500 - x;
  let out = `<rect x="${r(x)}" y="120" width="${r(w)}" height="110" rx="55" fill="none" stroke="${s.secondary}" stroke-width="10"/>`;
  out += `<circle cx="${r(x + w - 92)}" cy="168" r="26" fill="none" stroke="${s.secondary}" stroke-width="10"/><path d="M${r(x + w - 73)} 187l22 22" stroke="${s.secondary}" stroke-width="10" stroke-linecap="round"/>`;
  const winner = random.int(0, 1);
  for (let i = 0; i < 5; i += 1) {
    const y = 300 + i * 128;
    const top = i === winner;
    out += `<rect x="${r(x)}" y="${y}" width="${r(w - 120)}" height="100" rx="20" fill="${top ? s.primary : "none"}" stroke="${top ? "none" : s.secondary}" stroke-opacity=".35" stroke-width="4"/>`;
    out += `<rect x="${r(x + 32)}" y="${y + 24}" width="${r(random.range(0.4, 0.7) * (w - 180))}" height="18" rx="9" fill="${s.secondary}" fill-opacity="${top ? 0.95 : 0.5}"/>`;
    out += `<rect x="${r(x + 32)}" y="${y + 58}" width="${r(random.range(0.25, 0.5) * (w - 180))}" height="14" rx="7" fill="${s.secondary}" fill-opacity="${top ? 0.6 : 0.3}"/>`;
  }
  const ax = x + w - 52;
  const y0 = 300 + 4 * 128 + 50;
  const y1 = 300 + winner * 128 + 50;
  return `${out}<path d="M${r(ax)} ${y0}V${y1 + 20}" stroke="${s.secondary}" stroke-width="12" stroke-linecap="round"/><path d="M${r(ax - 30)} ${y1 + 44}L${r(ax)} ${y1 + 8}L${r(ax + 30)} ${y1 + 44}" fill="none" stroke="${s.secondary}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`;
};

function star(cx: number, cy: number, outer: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : outer * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${r(cx + Math.cos(a) * radius)} ${r(cy + Math.sin(a) * radius)}`);
  }
  return `<path d="M${points.join("L")}z" fill="${fill}"/>`;
}

/** ASO: a phone with a grid of apps, one of them ours, and its stars. */
const phone: Motif = (random, s) => {
  const x = random.range(1000, 1080);
  const tilt = random.range(-10, -4);
  const pw = 400;
  const ph = 780;
  const py = 140;
  let apps = "";
  const ours = random.int(0, 11);
  for (let i = 0; i < 12; i += 1) {
    const ax = x + 52 + (i % 3) * 104;
    const ay = py + 120 + Math.floor(i / 3) * 120;
    apps += `<rect x="${r(ax)}" y="${r(ay)}" width="84" height="84" rx="22" fill="${i === ours ? s.primary : s.secondary}" fill-opacity="${i === ours ? 1 : 0.22}"/>`;
  }
  let stars = "";
  for (let i = 0; i < 5; i += 1) stars += star(620 + i * 74, 620, 30, s.secondary);
  return [
    `<g transform="rotate(${r(tilt)} ${r(x + pw / 2)} ${r(py + ph / 2)})">`,
    `<rect x="${r(x)}" y="${py}" width="${pw}" height="${ph}" rx="64" fill="none" stroke="${s.secondary}" stroke-width="16"/>`,
    `<rect x="${r(x + pw / 2 - 50)}" y="${py + 36}" width="100" height="16" rx="8" fill="${s.secondary}"/>`,
    apps,
    "</g>",
    stars,
  ].join("");
};

/** Performance marketing: a funnel whose every step is measured. */
const funnel: Motif = (random, s) => {
  const cx = random.range(1060, 1140);
  let out = "";
  const steps = 5;
  for (let i = 0; i < steps; i += 1) {
    const w = 860 - i * 150 + random.range(-20, 20);
    const y = 150 + i * 140;
    out += `<rect x="${r(cx - w / 2)}" y="${y}" width="${r(w)}" height="110" rx="24" fill="${s.primary}" fill-opacity="${r(1 - i * 0.15)}"/>`;
    out += `<circle cx="${r(cx + w / 2 + 56)}" cy="${y + 55}" r="14" fill="${s.secondary}" fill-opacity="${r(0.4 + i * 0.15)}"/>`;
  }
  return `${out}<circle cx="${r(cx)}" cy="910" r="40" fill="${s.secondary}"/>`;
};

/** Targeted advertising: an audience of dots, a segment picked out of it. */
const audience: Motif = (random, s) => {
  const cols = 9;
  const rows = 7;
  const gap = 100;
  const x0 = 700;
  const y0 = 200;
  const cx = random.int(3, 5);
  const cy = random.int(2, 4);
  let out = "";
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      const picked = Math.hypot(col - cx, row - cy) < 1.6;
      out += `<circle cx="${x0 + col * gap}" cy="${y0 + row * gap}" r="${picked ? 30 : 20}" fill="${picked ? s.primary : s.secondary}" fill-opacity="${picked ? 1 : 0.25}"/>`;
    }
  }
  return `${out}<circle cx="${x0 + cx * gap}" cy="${y0 + cy * gap}" r="190" fill="none" stroke="${s.secondary}" stroke-width="10"/>`;
};

/** CRM marketing: a customer loop: first purchase, reminder, return. */
const loop: Motif = (random, s) => {
  const cx = random.range(1080, 1160);
  const cy = random.range(470, 530);
  const rad = 290;
  const nodes = 4;
  const start = random.range(-0.4, 0.4);
  const at = (angle: number, distance: number, from = { x: cx, y: cy }) => ({
    x: from.x + Math.cos(angle) * distance,
    y: from.y + Math.sin(angle) * distance,
  });
  const stroke = `fill="none" stroke="${s.secondary}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"`;
  let out = "";
  for (let i = 0; i < nodes; i += 1) {
    const a0 = start + (i / nodes) * Math.PI * 2 + 0.32;
    const a1 = start + ((i + 1) / nodes) * Math.PI * 2 - 0.32;
    const p0 = at(a0, rad);
    const p1 = at(a1, rad);
    out += `<path d="M${r(p0.x)} ${r(p0.y)}A${rad} ${rad} 0 0 1 ${r(p1.x)} ${r(p1.y)}" ${stroke}/>`;
    // Arrowhead along the arc's direction of travel.
    const tangent = a1 + Math.PI / 2;
    const tip = at(tangent, 8, p1);
    const left = at(tangent + Math.PI - 0.5, 40, tip);
    const right = at(tangent + Math.PI + 0.5, 40, tip);
    out += `<path d="M${r(left.x)} ${r(left.y)}L${r(tip.x)} ${r(tip.y)}L${r(right.x)} ${r(right.y)}" ${stroke}/>`;
    const node = at(start + (i / nodes) * Math.PI * 2, rad);
    out += `<circle cx="${r(node.x)}" cy="${r(node.y)}" r="${i === 0 ? 74 : 56}" fill="${s.primary}" fill-opacity="${i === 0 ? 1 : 0.7}"/>`;
  }
  return `${out}<circle cx="${r(cx)}" cy="${r(cy)}" r="110" fill="${s.primary}" fill-opacity=".35"/>`;
};

/** Services with a motif of their own; the others take their direction's. */
const SERVICE_MOTIFS: Record<string, Motif> = {
  seo: ranking,
  aso: phone,
  "performance-marketing": funnel,
  "targeted-advertising": audience,
  "crm-marketing": loop,
};

const MOTIFS: Record<ServiceDirection, Motif> = {
  marketing: target,
  analytics: bars,
  creative: shapes,
  development: windows,
  consulting: orbits,
};

type CoverInput = {
  /** Seed: the entry's key; the same seed, the same cover. */
  seed: string;
  /** The service the cover illustrates (a case's first service) and its direction. */
  service: string;
  direction: ServiceDirection;
  /** A service's icon, set in a disc at the top left. */
  icon?: string;
  /** A client's name, set as its wordmark on a plate at the bottom left. */
  client?: string;
};

export function coverSvg({ seed, service, direction, icon, client }: CoverInput): { svg: string; color: string } {
  const random = seeded(seed);
  const scheme = random.pick(SCHEMES);
  let badge = "";
  if (icon) {
    badge = `<circle cx="196" cy="196" r="100" fill="${scheme.secondary}"/>${iconGroup(icon, 136, 136, 120, scheme.background, 1.75)}`;
  }
  if (client) {
    const mark = wordmark(client, scheme.background);
    const scale = Math.min(1.6, 620 / mark.width);
    const plateW = mark.width * scale + 96;
    const plateH = mark.height * scale + 72;
    badge = `<rect x="80" y="${r(H - 80 - plateH)}" width="${r(plateW)}" height="${r(plateH)}" rx="${r(plateH / 2)}" fill="${scheme.secondary}"/><g transform="translate(128 ${r(H - 80 - plateH + 36)}) scale(${r(scale * 100) / 100})">${mark.body}</g>`;
  }
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${scheme.background}"/>`,
    (SERVICE_MOTIFS[service] ?? MOTIFS[direction])(random, scheme),
    badge,
    "</svg>",
  ].join("");
  return { svg, color: scheme.background };
}
