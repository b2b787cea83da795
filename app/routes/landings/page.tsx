import type { Route } from "./+types/page";
import { content } from "#core/content/index.server.ts";
import { landingVariants } from "#core/content/schemas/landings.ts";
import { variantKey } from "#core/landings/variants.ts";
import { anchors, paths } from "#core/lib/paths.ts";
import { EventRegistrationForm, ProjectRequestForm, SubscribeForm } from "../../forms/deferred.tsx";
import { requireEntry } from "../../lib/errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { CallToAction } from "../../chrome/cta.tsx";
import { TeamList } from "../../chrome/team-list.tsx";
import { Accordion } from "../../ui/accordion.tsx";
import { ButtonLink } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Picture } from "../../ui/picture.tsx";
import { Prose } from "../../ui/prose.tsx";
import { Section } from "../../ui/section.tsx";
import { Stat, StatList } from "../../ui/stat.tsx";
import { CaseCard, ReviewCard } from "../projects/work-cards.tsx";
import { type ShownBlock, showLanding } from "./landing.server.ts";

/**
 * A campaign page (/lp/<slug>/), and each other variant of its headline test (/lp/<slug>/b/):
 * prerendered apiece, so a visitor who drew Б gets Б's HTML at the landing's own address from the
 * server (server/landing-variants.ts) — no script decides, nothing shifts.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const landing = requireEntry(
    content().landings.find((l) => l.slug === params.slug),
    request,
  );
  // Only another variant of a test that runs has an address of its own; А is the landing's.
  const key = params.variant === undefined ? "a" : variantKey(params.variant);
  const other = key !== null && key !== "a" && landingVariants(landing).some((v) => v.key === key);
  requireEntry(params.variant === undefined || other ? key : undefined, request);
  return showLanding(landing, key ?? "a");
}

export const meta: Route.MetaFunction = (args) => {
  const landing = args.loaderData;
  if (!landing) return [];
  // Every variant's canonical address is the landing's own: it is where each of them is served.
  const own = { ...args, location: { ...args.location, pathname: paths.landing(landing.slug) } };
  return pageMeta(own, { title: landing.title, description: landing.description, ...(landing.og ? { image: landing.og } : {}), ...(landing.hidden ? { noindex: true } : {}) });
};

const CARD_SIZES = "(min-width: 1440px) 416px, (min-width: 1100px) 31vw, (min-width: 768px) 46vw, 92vw";

export default function LandingPage({ loaderData: landing }: Route.ComponentProps) {
  const action = landing.formAnchor ?? paths.contacts();
  return (
    <>
      {landing.blocks.map((block, i) => (
        <Block key={i} block={block} index={i} action={action} variant={landing.variant} />
      ))}
    </>
  );
}

function Block({ block, index, action, variant }: { block: ShownBlock; index: number; action: string; variant: string }) {
  const id = `block-${index + 1}`;
  const tone = index % 2 === 0 ? "default" : "surface";
  switch (block.kind) {
    case "hero":
      return (
        <section className="hero landing-hero container" aria-labelledby={id}>
          <div className="landing-hero__text">
            <h1 id={id}>{block.title}</h1>
            {block.lead ? <p className="hero__lead">{block.lead}</p> : null}
            <ButtonLink variant="primary" size="l" to={action} iconEnd="arrow-right">
              {block.button}
            </ButtonLink>
          </div>
          {block.image ? <Picture image={block.image.image} alt={block.image.alt} sizes="(min-width: 1100px) 40vw, 92vw" fit="cover" priority className="landing-hero__picture" /> : null}
        </section>
      );
    case "text":
      return block.title ? (
        <Section id={id} title={block.title} tone={tone}>
          <Prose html={block.body} className="landing-text" />
        </Section>
      ) : (
        <div className="container landing-text">
          <Prose html={block.body} />
        </div>
      );
    case "services":
      return (
        <Section id={id} title={block.title} tone={tone}>
          <ul className="grid grid--3" role="list">
            {block.items.map((s) => (
              <Card key={s.slug} as="li" title={s.name} headingLevel={3} to={paths.service(s.slug)} media={<Picture image={s.cover} alt="" sizes={CARD_SIZES} fit="cover" />}>
                <p>{s.summary}</p>
              </Card>
            ))}
          </ul>
        </Section>
      );
    case "cases":
      return (
        <Section id={id} title={block.title} tone={tone}>
          <ul className="grid grid--3" role="list">
            {block.items.map((p) => (
              <CaseCard key={p.slug} work={p} headingLevel={3} />
            ))}
          </ul>
        </Section>
      );
    case "reviews":
      return (
        <Section id={id} title={block.title} tone={tone}>
          <ul className="grid grid--3" role="list">
            {block.items.map((r) => (
              <ReviewCard key={r.slug} work={r} headingLevel={3} />
            ))}
          </ul>
        </Section>
      );
    case "figures":
      return block.title ? (
        <Section id={id} title={block.title} tone={tone}>
          <Figures items={block.items} />
        </Section>
      ) : (
        <div className="container landing-figures">
          <Figures items={block.items} />
        </div>
      );
    case "steps":
      return (
        <Section id={id} title={block.title} tone={tone}>
          <ol className="stages" role="list">
            {block.items.map((step, i) => (
              <li key={i} className="stages__item">
                <span className="stages__number" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <div className="stages__body">
                  <h3 className="stages__title">{step.title}</h3>
                  {step.text ? <p>{step.text}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </Section>
      );
    case "questions":
      return (
        <Section id={id} title={block.title} tone={tone}>
          <Accordion items={block.items.map((item, i) => ({ id: `${id}-q${i + 1}`, title: item.question, content: <Prose html={item.answer} /> }))} />
        </Section>
      );
    case "form": {
      const campaign = { variant, label: block.campaign };
      const titled = block.title ? { title: block.title } : {};
      return (
        <div id={anchors.landingForm()} className="landing-form">
          {block.form === "project" ? (
            <ProjectRequestForm campaign={campaign} {...titled} />
          ) : block.form === "subscribe" ? (
            <SubscribeForm campaign={campaign} {...titled} />
          ) : block.event ? (
            // The event is known: a registration naming one that is not is refused at load.
            <EventRegistrationForm event={block.event} campaign={campaign} {...titled} />
          ) : null}
        </div>
      );
    }
    case "cta":
      return <CallToAction title={block.title} text={block.text ?? ""} action={{ to: action, label: block.button }} />;
    case "team":
      return (
        <Section id={id} title={block.title} tone={tone}>
          <TeamList people={block.items} />
        </Section>
      );
  }
}

function Figures({ items }: { items: Extract<ShownBlock, { kind: "figures" }>["items"] }) {
  return (
    <StatList>
      {items.map((m) => (
        <Stat key={m.label} {...m} />
      ))}
    </StatList>
  );
}
