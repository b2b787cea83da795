import { content } from "#core/content/index.server.ts";
import { anchors } from "#core/lib/paths.ts";
import { coverImage } from "#core/content/uploads.server.ts";
import { type Landing, type LandingBlock, type LandingForm, landingVariants } from "#core/content/schemas/landings.ts";
import { eventWhen } from "#core/lib/event-schedule.ts";
import type { VariantKey } from "#core/landings/variants.ts";
import type { ImageData } from "#core/images/types.ts";
import { caseCover, serviceCover, teamAvatar } from "../../images/images.server.ts";
import type { CaseCardData, ReviewCardData } from "../projects/work-cards.tsx";
import type { TeamCard } from "../../chrome/team-list.tsx";
import type { RegistrationEvent } from "../../forms/event-form.tsx";

/**
 * A landing's blocks with what they show resolved from the content (a picked service's name and
 * picture, a case's card, a topic's questions), for one variant of its first screen. Everything
 * a block needs is here: the page draws without reading content again.
 */
export type ShownBlock =
  | { kind: "hero"; title: string; lead: string | null; image: { image: ImageData; alt: string } | null; button: string }
  | { kind: "text"; title: string | null; body: string }
  | { kind: "services"; title: string; items: Array<{ slug: string; name: string; summary: string; cover: ImageData }> }
  | { kind: "cases"; title: string; items: CaseCardData[] }
  | { kind: "reviews"; title: string; items: ReviewCardData[] }
  | { kind: "figures"; title: string | null; items: Extract<LandingBlock, { kind: "figures" }>["items"] }
  | { kind: "steps"; title: string; items: Extract<LandingBlock, { kind: "steps" }>["items"] }
  | { kind: "questions"; title: string; items: Array<{ question: string; answer: string }> }
  | { kind: "form"; form: LandingForm; title: string | null; campaign: string | null; event: RegistrationEvent | null }
  | { kind: "cta"; title: string; text: string | null; button: string }
  | { kind: "team"; title: string; items: TeamCard[] };

export type ShownLanding = {
  slug: string;
  title: string;
  description: string;
  hidden: boolean;
  variant: VariantKey;
  blocks: ShownBlock[];
  /** Where the first screen's and the calls' buttons lead: the page's form, else the contacts. */
  formAnchor: string | null;
  og: string | null;
};

export function showLanding(landing: Landing, variant: VariantKey): ShownLanding {
  const c = content();
  const chosen = landingVariants(landing).find((v) => v.key === variant);
  const blocks = landing.blocks.map((block): ShownBlock => show(block, c));
  const first = blocks[0];
  if (first?.kind === "hero" && chosen) Object.assign(first, { title: chosen.title, button: chosen.button });
  const hero = landing.blocks[0]?.kind === "hero" ? landing.blocks[0] : null;
  return {
    slug: landing.slug,
    title: landing.title,
    description: landing.description,
    hidden: landing.hidden,
    variant,
    blocks,
    formAnchor: landing.blocks.some((b) => b.kind === "form") ? `#${anchors.landingForm()}` : null,
    og: coverImage(hero?.image)?.og ?? null,
  };
}

function show(block: LandingBlock, c: ReturnType<typeof content>): ShownBlock {
  switch (block.kind) {
    case "hero": {
      const picture = coverImage(block.image);
      return { kind: "hero", title: block.title, lead: block.lead ?? null, image: picture ? { image: picture.image, alt: picture.alt } : null, button: block.button };
    }
    case "text":
      return { kind: "text", title: block.title ?? null, body: block.body };
    case "services":
      return {
        kind: "services",
        title: block.title,
        items: pick(c.services, block.items).map((s) => ({ slug: s.slug, name: s.name, summary: s.summary, cover: serviceCover(s.slug) })),
      };
    case "cases": {
      const industry = new Map(c.industries.map((i) => [i.slug, i.name]));
      return {
        kind: "cases",
        title: block.title,
        items: pick(c.cases, block.items).map((p) => ({ slug: p.slug, title: p.title, client: p.client, industry: industry.get(p.industry) ?? p.industry, ...(p.results[0] ? { result: p.results[0] } : {}), cover: caseCover(p) })),
      };
    }
    case "reviews":
      return {
        kind: "reviews",
        title: block.title,
        items: pick(c.reviews, block.items).map((r) => ({ slug: r.slug, company: r.company, author: r.author, position: r.position, excerpt: r.description, ...(r.rating ? { rating: r.rating } : {}) })),
      };
    case "figures":
      return { kind: "figures", title: block.title ?? null, items: block.items };
    case "steps":
      return { kind: "steps", title: block.title, items: block.items };
    case "questions": {
      const topic = block.topic === undefined ? [] : (c.questions.topics.find((t) => t.id === block.topic)?.items ?? []);
      return { kind: "questions", title: block.title, items: [...topic, ...block.items] };
    }
    case "form":
      return { kind: "form", form: block.form, title: block.title ?? null, campaign: block.campaign ?? null, event: block.form === "event" ? shownEvent(c, block.event) : null };
    case "cta":
      return { kind: "cta", title: block.title, text: block.text ?? null, button: block.button };
    case "team": {
      const byId = new Map(c.company.team.map((m) => [m.id, m]));
      return {
        kind: "team",
        title: block.title,
        items: block.items.flatMap((id) => {
          const m = byId.get(id);
          return m ? [{ id: m.id, name: m.name, role: m.role, avatar: teamAvatar(m.id) }] : [];
        }),
      };
    }
  }
}

function shownEvent(c: ReturnType<typeof content>, slug: string | undefined): RegistrationEvent | null {
  const e = c.events.find((x) => x.slug === slug);
  return e ? { slug: e.slug, title: e.title, when: eventWhen(e), place: e.place, online: e.online } : null;
}

/** The entries named, in the order named (references are checked at load: each exists). */
function pick<T extends { slug: string }>(entries: readonly T[], slugs: readonly string[]): T[] {
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}
