/**
 * Docs that cannot drift, run by `npm run lint`:
 * - every repository path named in the README, in docs/ (decisions aside: they are history, and
 *   name what was there then) and in code comments exists — a file, or a folder when it ends in `/`;
 * - every package a source file imports is declared in package.json.
 * A path is a word that starts with one of the repository's top folders and has a file's extension
 * or a closing `/` (`server/pipeline.ts`, `docs/decisions/`); folders the programs make at run time
 * (`build/`, `data/`, the content's `uploads/`) are not the repository's and are not checked.
 *
 *   node scripts/named-paths.ts [root]
 */
import { builtinModules } from "node:module";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const TOP = ["app", "core", "server", "studio", "scripts", "tests", "docs", "content", "public", "assets", ".ci", "types"];
/** Made by the programs, not kept in the repository: named in the docs as places, never checked. */
const MADE_AT_RUN_TIME = [/\.generated\./, /^content\/uploads(\/|$)/, /^public\/assets\/images\//, /^tests\/\.tmp/, /\/\.cache\//];
const PATH = new RegExp(`(?<![\\w./@#-])((?:${TOP.map((t) => t.replace(".", "\\.")).join("|")})/(?:[\\w.@-]+/)*(?:[\\w.@-]+\\.(?:tsx?|mjs|js|json|md|css|csv|yaml|yml|svg|sh|txt|html|woff2)|[\\w.@-]+/))(?![\\w/-])`, "g");
const SOURCE = /\.(tsx?|mjs|js)$/;
const SKIP_FOLDERS = new Set(["node_modules", "build", "data", ".git", ".react-router", "coverage"]);

function walk(root: string, folder: string, into: string[]): void {
  for (const name of readdirSync(join(root, folder))) {
    if (SKIP_FOLDERS.has(name)) continue;
    const path = folder ? `${folder}/${name}` : name;
    if (statSync(join(root, path)).isDirectory()) walk(root, path, into);
    else into.push(path);
  }
}

/** The comments of a source file (line and block), with the line each starts on. */
function comments(text: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const pattern = /\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g;
  for (const match of text.matchAll(pattern)) found.push({ line: text.slice(0, match.index).split("\n").length, text: match[0] });
  return found;
}

/** Paths named in `text` (starting at `line`) that the repository does not have. */
function missingIn(root: string, file: string, line: number, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(PATH)) {
    const path = match[1] as string;
    if (MADE_AT_RUN_TIME.some((pattern) => pattern.test(path))) continue;
    if (existsSync(join(root, path))) continue;
    problems.push(`${file}:${line + text.slice(0, match.index).split("\n").length - 1}: names ${path}, which is not in the repository`);
  }
  return problems;
}

/** Bare package names a source file imports (`import … from`, `import()`, `require()`, `export … from`). */
function packagesOf(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"'./#][^"']*)["']/gm)) {
    const specifier = match[1] as string;
    // A package's name (and a path inside it), not some other string that follows `import(`.
    if (!/^(@[\w.-]+\/)?[\w.-]+(\/[\w./-]*)?$/.test(specifier)) continue;
    if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0] as string)) continue;
    names.push(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] as string));
  }
  return names;
}

export function checkNamedPaths(root: string): string[] {
  const files: string[] = [];
  walk(root, "", files);
  const problems: string[] = [];
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]);
  for (const file of files) {
    const markdown = file.endsWith(".md") && (file === "README.md" || (file.startsWith("docs/") && !file.startsWith("docs/decisions/")));
    const source = SOURCE.test(file) && !file.endsWith(".d.ts") && !file.startsWith("public/");
    if (!markdown && !source) continue;
    const text = readFileSync(join(root, file), "utf8");
    if (markdown) problems.push(...missingIn(root, file, 1, text));
    if (!source) continue;
    for (const comment of comments(text)) problems.push(...missingIn(root, file, comment.line, comment.text));
    for (const name of new Set(packagesOf(text))) {
      if (!declared.has(name)) problems.push(`${file}: imports ${name}, which package.json does not declare`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? ".");
  const problems = checkNamedPaths(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} named ${problems.length === 1 ? "path or package is" : "paths or packages are"} not in ${relative(process.cwd(), root) || "."}`);
    process.exit(1);
  }
}
