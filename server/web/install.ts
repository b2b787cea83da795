import { SiteFormData } from "./form-data.ts";
import { SiteHeaders } from "./headers.ts";
import { SiteRequest } from "./request.ts";
import { SiteResponse } from "./response.ts";

/**
 * Makes this process's Request, Response, Headers and FormData the site's own
 * (decision 036). Node defines them lazily from undici, its fetch client,
 * and the first use of any of them loads all of it: about 10 MB of a resting
 * process that never fetches. React Router's handler makes and reads them by
 * their global names, so they are replaced there, before the first request;
 * `fetch` stays Node's (loaded the first time a lead is delivered), and
 * accepts these Headers as any list of pairs.
 */
export function installSiteFetchClasses(): void {
  // Assigned, not defined: Node's lazy property takes an assignment through its setter, while
  // Object.defineProperty over it loads undici all the same.
  const global = globalThis as unknown as Record<string, unknown>;
  global.Headers = SiteHeaders;
  global.Request = SiteRequest;
  global.Response = SiteResponse;
  global.FormData = SiteFormData;
}
