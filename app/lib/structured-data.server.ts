/**
 * schema.org JSON-LD builders: one function per type the site publishes, each
 * filling the properties search engines require. Absolute URLs come from the
 * configured origin, never from the request. Loaders call them, so none of
 * this reaches the browser; pages render the result with <JsonLd>. The
 * BreadcrumbList is built by the breadcrumbs themselves (app/ui/breadcrumbs.tsx).
 */
import { ogImagePath } from "#core/lib/og-image.ts";

export type Thing = Record<string, unknown>;

export function organization(site: { origin: string; brand: string }, extra: Thing = {}): Thing {
  return {
    "@type": "Organization",
    "@id": `${site.origin}/#organization`,
    name: site.brand,
    url: `${site.origin}/`,
    logo: `${site.origin}/favicon.svg`,
    ...extra,
  };
}

export function webSite(site: { origin: string; brand: string }): Thing {
  return {
    "@type": "WebSite",
    "@id": `${site.origin}/#website`,
    name: site.brand,
    url: `${site.origin}/`,
    inLanguage: "ru-RU",
    publisher: { "@id": `${site.origin}/#organization` },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site.origin}/search/?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}


export function service(
  site: { origin: string; brand: string },
  s: { name: string; description: string; path: string; priceFrom?: number },
): Thing {
  return {
    "@type": "Service",
    name: s.name,
    description: s.description,
    url: site.origin + s.path,
    provider: { "@id": `${site.origin}/#organization`, "@type": "Organization", name: site.brand },
    areaServed: { "@type": "Country", name: "Россия" },
    ...(s.priceFrom
      ? { offers: { "@type": "Offer", priceCurrency: "RUB", price: s.priceFrom, url: site.origin + s.path } }
      : {}),
  };
}

export function article(
  site: { origin: string; brand: string },
  a: { title: string; description: string; path: string; published: string; updated?: string; author: string; image?: string },
): Thing {
  return {
    "@type": "Article",
    headline: a.title,
    description: a.description,
    url: site.origin + a.path,
    mainEntityOfPage: site.origin + a.path,
    datePublished: a.published,
    dateModified: a.updated ?? a.published,
    author: { "@type": "Person", name: a.author },
    publisher: organization(site),
    image: new URL(a.image ?? ogImagePath(a.path), site.origin).href,
    inLanguage: "ru-RU",
  };
}

export function jobPosting(
  site: { origin: string; brand: string },
  p: {
    title: string;
    description: string;
    path: string;
    published: string;
    format: "office" | "remote" | "hybrid";
    city: string;
    salary?: { from: number; to?: number };
  },
): Thing {
  const validThrough = new Date(`${p.published}T00:00:00Z`);
  validThrough.setUTCDate(validThrough.getUTCDate() + 90);
  return {
    "@type": "JobPosting",
    title: p.title,
    description: p.description,
    url: site.origin + p.path,
    datePosted: p.published,
    validThrough: validThrough.toISOString().slice(0, 10),
    employmentType: "FULL_TIME",
    hiringOrganization: { "@type": "Organization", name: site.brand, sameAs: `${site.origin}/` },
    ...(p.format === "remote"
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: "Россия" } }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: p.city, addressCountry: "RU" },
          },
        }),
    ...(p.salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: "RUB",
            value: {
              "@type": "QuantitativeValue",
              minValue: p.salary.from,
              ...(p.salary.to ? { maxValue: p.salary.to } : {}),
              unitText: "MONTH",
            },
          },
        }
      : {}),
  };
}

export function event(
  site: { origin: string; brand: string },
  e: {
    title: string;
    description: string;
    startsAt: string;
    endsAt?: string;
    online: boolean;
    place: string;
    city?: string;
    url: string;
    performers: readonly string[];
  },
): Thing {
  return {
    "@type": "Event",
    name: e.title,
    description: e.description,
    startDate: e.startsAt,
    ...(e.endsAt ? { endDate: e.endsAt } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: e.online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: e.online
      ? { "@type": "VirtualLocation", url: e.url }
      : { "@type": "Place", name: e.place, address: { "@type": "PostalAddress", streetAddress: e.place, addressLocality: e.city ?? "", addressCountry: "RU" } },
    organizer: { "@type": "Organization", name: site.brand, url: `${site.origin}/` },
    performer: e.performers.map((name) => ({ "@type": "Person", name })),
    image: new URL(ogImagePath("/events/"), site.origin).href,
    url: e.url,
  };
}

/** Answers are HTML from Markdown: FAQPage accepts basic HTML in `text`. */
export function faqPage(items: readonly { question: string; answer: string }[]): Thing {
  return {
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
