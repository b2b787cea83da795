import { describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { getDocument } from "../support/http.ts";

const c = content();
const DEDICATED = ["aso", "seo", "performance-marketing"];

/** Hrefs of the case and review cards a page lists. */
function workLinks(doc: Awaited<ReturnType<typeof getDocument>>["doc"]) {
  const hrefs = doc.querySelectorAll("a.card__link").map((a) => a.getAttribute("href") ?? "");
  return {
    cases: hrefs.filter((h) => h.startsWith("/projects/cases/")).map((h) => h.split("/")[3]),
    reviews: hrefs.filter((h) => h.startsWith("/projects/reviews/")).map((h) => h.split("/")[3]),
  };
}

describe("the portfolio's filters live in the URL", () => {
  // A pair of filters that some work matches and some does not.
  const sample = c.cases.find((p) => c.cases.some((q) => q.industry !== p.industry));
  if (!sample) throw new Error("content needs cases from at least two industries");
  const industry = sample.industry;
  const service = sample.services[0] ?? "";
  const expectedCases = c.cases.filter((p) => p.industry === industry && p.services.includes(service)).map((p) => p.slug);
  const expectedReviews = c.reviews.filter((r) => r.industry === industry && r.services.includes(service)).map((r) => r.slug);

  it("/projects/ lists every case and review", async () => {
    const { status, doc } = await getDocument("/projects/");
    expect(status).toBe(200);
    const links = workLinks(doc);
    expect(links.cases.sort()).toEqual(c.cases.map((p) => p.slug).sort());
    expect(links.reviews.sort()).toEqual(c.reviews.map((r) => r.slug).sort());
  });

  it("industry and service show only matching work, the same on every load", async () => {
    for (let load = 0; load < 2; load++) {
      const { status, doc } = await getDocument(`/projects/?industry=${industry}&service=${service}`);
      expect(status).toBe(200);
      const links = workLinks(doc);
      expect(links.cases.sort()).toEqual([...expectedCases].sort());
      expect(links.reviews.sort()).toEqual([...expectedReviews].sort());
      expect(links.cases.length).toBeLessThan(c.cases.length);
      // The form shows the chosen filters, so the view can be adjusted from where it is.
      expect(doc.querySelector('select[name="industry"] option[selected]')?.getAttribute("value")).toBe(industry);
      expect(doc.querySelector('select[name="service"] option[selected]')?.getAttribute("value")).toBe(service);
    }
  });

  it("card narrows to cases or reviews", async () => {
    const cases = workLinks((await getDocument("/projects/?card=cases")).doc);
    expect(cases.reviews).toEqual([]);
    expect(cases.cases.length).toBe(c.cases.length);
    const reviews = workLinks((await getDocument("/projects/?card=reviews")).doc);
    expect(reviews.cases).toEqual([]);
    expect(reviews.reviews.length).toBe(c.reviews.length);
  });

  it("an empty result says so and leads back to all work", async () => {
    const unmatched = c.services.find((s) => !c.cases.some((p) => p.industry === industry && p.services.includes(s.slug)) && !c.reviews.some((r) => r.industry === industry && r.services.includes(s.slug)));
    if (!unmatched) throw new Error("content has no service without work in the sample industry");
    const { status, doc } = await getDocument(`/projects/?industry=${industry}&service=${unmatched.slug}`);
    expect(status).toBe(200);
    expect(workLinks(doc)).toEqual({ cases: [], reviews: [] });
    const empty = doc.querySelector(".projects-empty");
    expect(empty?.querySelector("h2")?.text).toBeTruthy();
    expect(empty?.querySelectorAll("a").map((a) => a.getAttribute("href"))).toContain("/projects/");
  });
});

describe("service pages", () => {
  const generic = c.services.find((s) => !DEDICATED.includes(s.slug));
  if (!generic) throw new Error("content has no generic service");

  it("the generic page shows every field of its service", async () => {
    const { doc } = await getDocument(`/services/${generic.slug}/`);
    for (const id of ["service-requests", "service-included", "service-stages", "service-results", "service-pricing", "service-faq", "service-about"]) {
      expect(doc.getElementById(id), id).not.toBeNull();
    }
    // Clients' words as the page shows them: each request of the file, in its order.
    expect(doc.querySelectorAll("#service-requests .requests__item").map((li) => li.text.replace(/\s+/g, " "))).toEqual(generic.requests.map((r) => r.replace(/\s+/g, " ")));
    // Six at once, the rest behind «Ещё…»: in the page all the same, for search and for a visitor without scripts.
    expect(doc.querySelectorAll("#service-requests details .requests__item")).toHaveLength(Math.max(0, generic.requests.length - 6));
    if (generic.requests.length > 6) expect(doc.querySelector("#service-requests summary")?.text).toMatch(/^Ещё\s\d+\sзапрос/);
    expect(doc.querySelectorAll("#service-included li.card")).toHaveLength(generic.included.length);
    expect(doc.querySelectorAll("#service-stages .stages__item")).toHaveLength(generic.stages.length);
    expect(doc.querySelectorAll("#service-results .stat")).toHaveLength(generic.results.length);
    expect(doc.querySelectorAll("#service-faq details")).toHaveLength(generic.faq.length);
    expect(workLinks(doc).cases.sort()).toEqual([...generic.cases].sort());
  });

  it.each(DEDICATED)("/services/%s/ has its own structure: tools and priced packages", async (slug) => {
    const service = c.services.find((s) => s.slug === slug);
    const { status, doc } = await getDocument(`/services/${slug}/`);
    expect(status).toBe(200);
    expect(doc.querySelectorAll("#service-tools .tools__item")).toHaveLength(service?.tools.length ?? -1);
    expect(doc.querySelectorAll("#service-packages .package")).toHaveLength(service?.packages.length ?? -1);
    expect(doc.querySelectorAll("#service-packages .package__price").every((p) => /\d/.test(p.text))).toBe(true);
    expect(doc.getElementById("service-stages")).not.toBeNull();
    expect(doc.getElementById("service-faq")).not.toBeNull();
    expect(doc.querySelectorAll("#service-requests .requests__item")).toHaveLength(service?.requests.length ?? -1);
    const generic = (await getDocument(`/services/${c.services.find((s) => !DEDICATED.includes(s.slug))?.slug}/`)).doc;
    expect(generic.getElementById("service-tools")).toBeNull();
    expect(generic.getElementById("service-packages")).toBeNull();
  });

  it("/services/ lists every service", async () => {
    const { doc } = await getDocument("/services/");
    const hrefs = doc.querySelectorAll("main a.card__link").map((a) => a.getAttribute("href"));
    expect(hrefs.sort()).toEqual(c.services.map((s) => `/services/${s.slug}/`).sort());
  });
});

describe("services by industry", () => {
  it("each industry shows its services and its cases", async () => {
    const { doc } = await getDocument("/services-industry/");
    for (const industry of c.industries) {
      const section = doc.getElementById(industry.slug);
      expect(section, industry.slug).not.toBeNull();
      const hrefs = section?.querySelectorAll("a").map((a) => a.getAttribute("href") ?? "") ?? [];
      for (const s of industry.services) expect(hrefs).toContain(`/services/${s}/`);
      const own = c.cases.filter((p) => p.industry === industry.slug).map((p) => `/projects/cases/${p.slug}/`);
      const shown = hrefs.filter((h) => h.startsWith("/projects/cases/"));
      expect(shown.every((h) => own.includes(h))).toBe(true);
      expect(shown.length).toBe(Math.min(own.length, 3));
    }
  });
});

describe("case and review pages", () => {
  const review = c.reviews.find((r) => r.case !== undefined);
  if (!review?.case) throw new Error("content has no review linked to a case");

  it("a review links to its case, and the case to its review", async () => {
    const reviewPage = (await getDocument(`/projects/reviews/${review.slug}/`)).doc;
    expect(workLinks(reviewPage).cases).toContain(review.case);
    const casePage = (await getDocument(`/projects/cases/${review.case}/`)).doc;
    expect(workLinks(casePage).reviews).toContain(review.slug);
  });

  it("a case shows its results and related work", async () => {
    const entry = c.cases.find((p) => p.slug === review.case);
    const { doc } = await getDocument(`/projects/cases/${review.case}/`);
    expect(doc.querySelectorAll("#case-results .stat")).toHaveLength(entry?.results.length ?? -1);
    expect(workLinks(doc).cases.filter((s) => s !== review.case).length).toBeGreaterThan(0);
  });
});
