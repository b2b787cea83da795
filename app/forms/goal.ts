import { GOALS } from "./answer.ts";
import type { FormKind } from "./schemas.ts";

type Ym = (id: number, method: "reachGoal", goal: string) => void;

/**
 * Tells the Metrica counter a form was sent. The counter (app/runtime) defines
 * `window.ym` only when it runs, i.e. when configured and, with
 * ANALYTICS_REQUIRE_CONSENT, after consent; otherwise this does nothing.
 */
export function reachGoal(counterId: string | null | undefined, kind: FormKind): void {
  const ym = (window as unknown as { ym?: Ym }).ym;
  if (!counterId || typeof ym !== "function") return;
  ym(Number(counterId), "reachGoal", GOALS[kind]);
}
