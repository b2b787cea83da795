/**
 * The half of the import rules ESLint cannot see (decision 026), run by `npm run lint`:
 * - no import cycle in production code (app/, core/, studio/, server/; tests and tools aside),
 *   dynamic imports included: a cycle makes load order decide what a module sees;
 * - stylesheets keep to the parts as code does: app/ and studio/ reach core/ only.
 * `import type` is left out of the graph: it is erased before anything loads
 * (verbatimModuleSyntax), so it cannot order modules.
 *
 *   node scripts/import-cycles.ts [root]
 */
import { resolve } from "node:path";
import { type Edge, importCycles, importEdges } from "./import-graph.ts";

/**
 * Known crossings, each with its reason. An entry that no longer matches an import fails the
 * check too, so the list only ever shrinks.
 */
export const ALLOWED_EDGES: ReadonlyArray<{ from: string; to: string; why: string }> = [];

const PRODUCTION = ["app/", "core/", "studio/", "server/"];
const production = (file: string) => PRODUCTION.some((part) => file.startsWith(part)) && !/\.test\.tsx?$/.test(file);
const partOf = (file: string) => file.split("/")[0]!;

export function checkImports(root: string): string[] {
  const edges = importEdges(root);
  const problems: string[] = [];
  const allowed = (edge: Edge) => ALLOWED_EDGES.some((entry) => entry.from === edge.from && entry.to === edge.to);

  for (const entry of ALLOWED_EDGES) {
    if (!edges.some((edge) => edge.from === entry.from && edge.to === entry.to)) {
      problems.push(`${entry.from} no longer imports ${entry.to}: remove it from ALLOWED_EDGES in scripts/import-cycles.ts`);
    }
  }

  for (const edge of edges) {
    if (!edge.from.endsWith(".css") || !production(edge.from)) continue;
    const from = partOf(edge.from);
    const to = partOf(edge.to);
    if (from !== to && to !== "core") problems.push(`${edge.from}: @import "${edge.specifier}" reaches ${to}/ (stylesheets import their own part and core/ only; core/ imports no part)`);
  }

  const runtime = edges.filter((edge) => !edge.typeOnly && production(edge.from) && production(edge.to) && !allowed(edge));
  for (const cycle of importCycles(runtime)) problems.push(`import cycle: ${cycle.join(" → ")}`);
  return problems;
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? ".");
  const problems = checkImports(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} import problem(s)`);
    process.exit(1);
  }
}
