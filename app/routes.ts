import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The map of the site: one line per address (spec, section 2). Every module loads lazily. */
export default [
  layout("layouts/default.tsx", [
    index("routes/home/page.tsx"),
    route("sub", "routes/sub/page.tsx"),
    route("error", "routes/error/page.tsx"),
    route("career", "routes/career/list.tsx"),
    route("career/:slug", "routes/career/position.tsx"),
    route("events", "routes/events/page.tsx"),
    route("search", "routes/search/page.tsx"),
    route("services", "routes/services/list.tsx"),
    route("services/aso", "routes/services/aso.tsx"),
    route("services/seo", "routes/services/seo.tsx"),
    route("services/performance-marketing", "routes/services/performance-marketing.tsx"),
    route("services/:slug", "routes/services/service.tsx"),
    route("services-industry", "routes/services-industry/page.tsx"),
    route("worths", "routes/worths/page.tsx"),
    route("academy", "routes/academy/list.tsx"),
    route("academy/:slug", "routes/academy/article.tsx"),
    route("company", "routes/company/page.tsx"),
    route("cookies", "routes/legal/page.tsx", { id: "legal-cookies" }),
    route("privacy", "routes/legal/page.tsx", { id: "legal-privacy" }),
    route("contacts", "routes/contacts/page.tsx"),
    route("projects", "routes/projects/list.tsx"),
    route("projects/:card/:slug", "routes/projects/entry.tsx"),
    route("agreement", "routes/legal/page.tsx", { id: "legal-agreement" }),
    route("questions", "routes/questions/page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/empty.tsx", [route("oferta", "routes/legal/page.tsx", { id: "legal-oferta" })]),
] satisfies RouteConfig;
