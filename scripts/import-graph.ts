/**
 * The import graph of the repository's own modules, as `npm run lint` checks it
 * (decision 026): which file imports which (static imports, re-exports, dynamic
 * `import()`, CSS `@import`), resolved to repo-relative paths, `#core/*` included.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";

export type Edge = { from: string; to: string; specifier: string; typeOnly: boolean; dynamic: boolean };

const PARTS = ["app", "core", "studio", "server", "scripts", "tests"];
const SKIP = new Set(["node_modules", "build", ".react-router", "data"]);
const SOURCE = /\.(tsx?|css)$/;

const posix = (path: string) => path.split(sep).join("/");

export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP.has(entry.name)) walk(rel);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  for (const part of PARTS) {
    try {
      if (statSync(join(root, part)).isDirectory()) walk(part);
    } catch {
      // A part that does not exist has nothing to check.
    }
  }
  return out.sort();
}

/** Comments out, strings kept: an import named inside a comment is no import. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`\\])\/\/[^\n]*/g, (match, before: string | undefined) =>
    match.startsWith("/*") ? match.replace(/[^\n]/g, " ") : `${before ?? ""}`,
  );
}

const STATIC = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"'\n]+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g;
const CSS_IMPORT = /@import\s+(?:url\()?\s*["']([^"'\n]+)["']/g;

function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("#core/")) base = `core/${specifier.slice("#core/".length)}`;
  else if (specifier.startsWith(".")) base = posix(normalize(join(dirname(from), specifier)));
  else return undefined; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate;
    } catch {
      // Try the next spelling.
    }
  }
  return base;
}

export function importEdges(root: string, files: string[] = sourceFiles(root)): Edge[] {
  const edges: Edge[] = [];
  for (const from of files) {
    const source = withoutComments(readFileSync(join(root, from), "utf8"));
    const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
      const to = resolveSpecifier(root, from, specifier);
      if (to !== undefined) edges.push({ from, to, specifier, typeOnly, dynamic });
    };
    if (from.endsWith(".css")) {
      for (const match of source.matchAll(CSS_IMPORT)) add(match[1]!, false, false);
      continue;
    }
    for (const match of source.matchAll(STATIC)) add(match[3]!, Boolean(match[2]), false);
    for (const match of source.matchAll(DYNAMIC)) add(match[1]!, false, true);
  }
  return edges;
}

/** Every cycle of the graph (one per strongly connected component, shown as a path). */
export function importCycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  // Tarjan's strongly connected components, iterative (deep graphs would overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let node: string;
        do {
          node = stack.pop()!;
          onStack.delete(node);
          component.push(node);
        } while (node !== frame.node);
        if (component.length > 1) components.push(component);
      }
    }
  }
  return components.map((component) => cyclePath(component, next));
}

/** A readable cycle through a component: a → b → … → a, starting from its first file by name. */
function cyclePath(component: string[], next: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  // Breadth-first search for the shortest way back to the start.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of next.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, component[0]!];
}

export const relativeTo = (root: string, path: string) => posix(relative(root, path));
