/** Percentiles of times in ms, nearest rank (a p99 of 100 samples is the 99th, not an interpolation). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const maxOf = (values: readonly number[]): number => (values.length === 0 ? Number.NaN : values.reduce((a, b) => Math.max(a, b)));

/** A time as the tables print it: tenths below 10 ms, whole milliseconds above, a dash for none. */
export function ms(value: number): string {
  if (Number.isNaN(value)) return "—";
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString("en");
}
