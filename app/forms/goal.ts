import { readRuntimeConfig } from "../runtime/runtime-config.ts";
import { GOALS } from "./answer.ts";
import type { FormKind } from "./kinds.ts";

type Ym = (id: number, method: "reachGoal", goal: string) => void;

/**
 * Tells the Metrica counter a form was sent. The counter (app/runtime/analytics.ts)
 * defines `window.ym` only once it runs: when PUBLIC_METRIKA_ID is set and,
 * with ANALYTICS_REQUIRE_CONSENT, after consent. Otherwise this does nothing.
 */
export function reachGoal(kind: FormKind): void {
  const ym = (window as unknown as { ym?: Ym }).ym;
  const { metrikaId } = readRuntimeConfig();
  if (!metrikaId || typeof ym !== "function") return;
  ym(Number(metrikaId), "reachGoal", GOALS[kind]);
}
