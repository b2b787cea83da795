import { cpus } from "node:os";
import { PUBLIC_ADDRESSES, type VisitorReport } from "./addresses.ts";
import type { Answer } from "./client.ts";
import { maxOf, ms, percentile } from "./stats.ts";

/** What `bench:studio-load` measured in one phase of one checkout. */
export type PhaseResult = {
  checkout: string;
  name: string;
  visitor: VisitorReport;
  studio: { done: number; failed: number; times: number[]; failures: string[]; byKind: Map<string, number[]> };
  /** Every studio request, those that ended after the phase too (an upload outlasts it). */
  drained: { times: number[]; failed: number };
  cpuSeconds: number;
  rssMb: number;
  load: number;
};
/** A sign-in's time and uncached public files', idle before the phases and during the uploads; the uploads' own times. */
export type UploadExtras = { checkout: string; signInAlone: Answer[]; signInDuring: Answer[]; filesAlone: Answer[]; filesDuring: Answer[]; uploads: { times: number[]; failed: number } };

export type Run = {
  startedAt: Date;
  startLoad: number;
  articles: number;
  seconds: number;
  checkouts: string[];
  results: PhaseResult[];
  extras: UploadExtras[];
  signInEveryMs: number;
  fileEveryMs: number;
};

/** The run as Markdown for docs/benchmarks.md: the phases, the addresses apart, then what the uploads did to a sign-in and to uncached files. */
export function printReport({ startedAt, startLoad, articles, seconds, checkouts, results, extras, signInEveryMs, fileEveryMs }: Run): void {
  const cpu = cpus();
  const all = (report: VisitorReport) => PUBLIC_ADDRESSES.flatMap((address) => report.times[address]);
  const several = checkouts.length > 1;
  const lead = (r: { checkout: string }) => (several ? `| ${r.checkout} ` : "");
  const leadHead = several ? "| checkout " : "";
  const leadRule = several ? "| --- " : "";
  // A few are listed; many (uploads refused at once) are summed up.
  const list = (xs: number[]) => (xs.length > 8 ? `${xs.length}: p50 ${ms(percentile(xs, 50))}, max ${ms(maxOf(xs))}` : xs.map(ms).join(", ") || "—");
  const times = (answers: Answer[]) => answers.map((a) => a.ms);
  const failed = (answers: Answer[]) => {
    const statuses = answers.filter((a) => a.status !== 200).map((a) => a.status || "no answer");
    return statuses.length ? ` (failed: ${statuses.length > 3 ? `${statuses.length}, ${statuses[0]}…` : statuses.join(", ")})` : "";
  };
  const withStudio = results.filter((r) => r.studio.done > 0);
  const studioKinds = [...new Set(withStudio.flatMap((r) => [...r.studio.byKind.keys()]))];
  const byKind = (r: PhaseResult, kind: string) => {
    const xs = r.studio.byKind.get(kind) ?? [];
    return xs.length ? `${[percentile(xs, 50), percentile(xs, 99), maxOf(xs)].map(ms).join(" / ")} (${xs.length})` : "—";
  };
  console.log(
    [
      `Run ${startedAt.toISOString()}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, load average ${startLoad.toFixed(2)} at the start; ${
        articles > 0 ? `${articles.toLocaleString("en")} synthetic articles besides the demo content` : "demo content"
      }; ${seconds} s per phase. Times in ms, to the last byte; the server's CPU and memory are its process and those under it.`,
      "",
      `${leadHead}| phase | public p50 | p99 | max | public requests (unexpected) | studio requests (failed) | studio p50 / p99 | server CPU s | server RSS MB | load average (1 min) at the end |`,
      `${leadRule}| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
      ...results.map((r) => {
        const times = all(r.visitor);
        const studio = r.studio.done ? `${ms(percentile(r.studio.times, 50))} / ${ms(percentile(r.studio.times, 99))}` : "—";
        return `${lead(r)}| ${r.name} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(maxOf(times))} | ${times.length} (${r.visitor.unexpected}) | ${r.studio.done} (${r.studio.failed}) | ${studio} | ${r.cpuSeconds.toFixed(1)} | ${Math.round(r.rssMb)} | ${r.load.toFixed(2)} |`;
      }),
      "",
      `Per address, p50 / p99 / max:`,
      "",
      `${leadHead}| phase | ${PUBLIC_ADDRESSES.join(" | ")} |`,
      `${leadRule}| --- | ${PUBLIC_ADDRESSES.map(() => "---:").join(" | ")} |`,
      ...results.map((r) => `${lead(r)}| ${r.name} | ${PUBLIC_ADDRESSES.map((a) => [percentile(r.visitor.times[a], 50), percentile(r.visitor.times[a], 99), maxOf(r.visitor.times[a])].map(ms).join(" / ")).join(" | ")} |`),
      "",
      `The studio's requests by kind, p50 / p99 / max (count):`,
      "",
      `${leadHead}| phase | ${studioKinds.join(" | ")} |`,
      `${leadRule}| --- | ${studioKinds.map(() => "---:").join(" | ")} |`,
      ...withStudio.map((r) => `${lead(r)}| ${r.name} | ${studioKinds.map((kind) => byKind(r, kind)).join(" | ")} |`),
      "",
      `During the uploads (each upload's time; from a second in, a sign-in every ${signInEveryMs / 1000} s and a public file nobody asked for yet every ${fileEveryMs} ms, pages and pictures in turn), against the same before the phases (the editors' sign-ins, six files):`,
      "",
      `${leadHead}| | sign-in | uncached public files, p50 / max | uploads |`,
      `${leadRule}| --- | --- | --- | --- |`,
      ...extras.flatMap((e) => [
        `${lead(e)}| before, idle | ${ms(percentile(times(e.signInAlone), 50))} median, ${ms(maxOf(times(e.signInAlone)))} max of ${e.signInAlone.length}${failed(e.signInAlone)} | ${ms(percentile(times(e.filesAlone), 50))} / ${ms(maxOf(times(e.filesAlone)))} of ${e.filesAlone.length}${failed(e.filesAlone)} | |`,
        `${lead(e)}| during uploads | ${list(times(e.signInDuring))}${failed(e.signInDuring)} | ${ms(percentile(times(e.filesDuring), 50))} / ${ms(maxOf(times(e.filesDuring)))} of ${e.filesDuring.length}${failed(e.filesDuring)} | ${list(e.uploads.times)}${e.uploads.failed ? `; ${e.uploads.failed} failed` : ""} |`,
      ]),
      ...results.filter((r) => r.studio.failures.length > 0).map((r) => `\nStudio failures in ${several ? `${r.checkout}, ` : ""}${r.name}: ${r.studio.failures.join("; ")}`),
    ].join("\n"),
  );
}
