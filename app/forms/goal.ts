import { readRuntimeConfig } from "#core/lib/runtime-config.ts";
import { GOALS } from "#core/forms/answer.ts";
import type { FormKind } from "#core/forms/kinds.ts";

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
