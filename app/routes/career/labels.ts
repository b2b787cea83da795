import { formatNumber } from "#core/lib/format.ts";

export const LEVEL_LABELS = { junior: "Junior", middle: "Middle", senior: "Senior", lead: "Lead" } as const;
export const FORMAT_LABELS = { office: "Офис", remote: "Удалённо", hybrid: "Гибрид" } as const;

/** "от 120 000 до 180 000 ₽", or null when the salary is not published. */
export function salaryLabel(salary: { from: number; to?: number | undefined } | undefined): string | null {
  if (!salary) return null;
  return `от ${formatNumber(salary.from)}${salary.to ? ` до ${formatNumber(salary.to)}` : ""}\u00a0₽`;
}
