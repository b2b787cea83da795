import { redirect, redirectDocument, type ClientInstrumentation, type MiddlewareFunction } from "react-router";
import { splitHref } from "#core/lib/url.ts";
import { markNavigated } from "./app-state.ts";
import { newerBuild } from "./build-info.ts";
import { beginNavigation, isBrokenPattern, recoverNavigation } from "./chunk-recovery.ts";
import { loadedRouteRules, ruleRedirect } from "./route-rules.ts";
import { emitPageStart } from "./transitions.ts";

/**
 * The router's requests carry no hash, so the address a navigation was
 * asked for is noted here (links and programmatic navigation go through
 * router.navigate; Back/Forward has already moved the address bar).
 */
let intended: URL | null = null;

export const navigationInstrumentation: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      navigate: async (navigate, { to, currentUrl }) => {
        intended = typeof to === "string" ? new URL(to, window.location.origin + currentUrl) : null;
        await navigate();
      },
    });
  },
};

function destinationOf(url: URL): string {
  const path = url.pathname + url.search;
  if (intended && intended.pathname + intended.search === path) return path + intended.hash;
  if (window.location.pathname + window.location.search === path) return path + window.location.hash;
  return path;
}

/** Resolves when the page goes away (a full load has been started). */
const never = () => new Promise<never>(() => {});

/**
 * Runs before every client navigation (root `clientMiddleware`):
 * 1. a newer build exists → the destination loads as a full page, on new code;
 * 2. a route rule matches → redirect in the app (hash kept), or a full load off-site;
 * 3. otherwise the page transition starts (the start hook) and the navigation
 *    is watched for code chunks that fail to load.
 */
export const runtimeMiddleware: MiddlewareFunction = async ({ request, pattern }, next) => {
  const url = new URL(request.url);
  const destination = destinationOf(url);
  if (newerBuild()) throw redirectDocument(destination);
  markNavigated();

  const rules = loadedRouteRules();
  const rule = rules ? ruleRedirect(rules, url.pathname, splitHref(destination).hash) : null;
  if (rule?.external) {
    window.location.href = rule.href;
    return never();
  }
  if (rule) throw redirect(rule.href);

  // React Router never settles a route whose module failed in this tab: recover before it hangs.
  if (isBrokenPattern(pattern)) {
    recoverNavigation(destination, pattern);
    return never();
  }
  emitPageStart(splitHref(destination));
  const end = beginNavigation(destination, pattern);
  try {
    return await next();
  } finally {
    end();
  }
};
