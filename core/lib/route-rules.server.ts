import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONTENT_DIR } from "../config/folders.server.ts";
import { z } from "zod";
import "../content/messages.ts";
import type { RouteRules } from "./route-rules.ts";

const RouteRulesSchema = z.record(
  z.string().regex(/^\/[^\s?#]*$/, "Ключ правила — адрес, начинающийся с /, можно с /** в конце"),
  z.strictObject({
    /** Target path (may end in /** to carry the rest of the path) or an absolute https URL. */
    redirect: z.string().regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, "Адрес сайта или ссылка https://"),
    status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(301),
  }),
);

export const ROUTE_RULES_FILE = join(CONTENT_DIR, "route-rules.json");

export function parseRouteRules(json: unknown, file = "content/route-rules.json"): RouteRules {
  const result = RouteRulesSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return result.data;
}

export function loadRouteRules(): RouteRules {
  return parseRouteRules(JSON.parse(readFileSync(ROUTE_RULES_FILE, "utf8")));
}
