/**
 * Production code past the house's sizes (issue 57): files over 400 lines and functions over 120,
 * each with its length, longest first. A file or function whose leading comment says why it is
 * long (a line with «long because» / «long:») is listed apart, as explained.
 *
 *   node scripts/long-code.ts [--fail]     # --fail: exit 1 when an unexplained one is found
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const PARTS = ["app", "core", "server", "studio"];
const FILE_MAX = 400;
const FUNCTION_MAX = 120;
const EXPLAINED = /long because|long:/i;

function sources(folder: string, into: string[]): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) into.push(path);
  }
  return into;
}

type Found = { what: string; lines: number; explained: boolean };

function lengthsOf(file: string): Found[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Found[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const total = text.split("\n").length;
  const leading = (node: ts.Node) => text.slice(node.getFullStart(), node.getStart(source));
  if (total > FILE_MAX) found.push({ what: file, lines: total, explained: EXPLAINED.test(text.slice(0, 2_000)) });
  const visit = (node: ts.Node, name: string | null) => {
    const functionLike = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node);
    if (functionLike) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      const own = (node as ts.FunctionDeclaration).name?.getText(source) ?? name ?? "(anonymous)";
      const holder = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node;
      if (lines > FUNCTION_MAX) found.push({ what: `${file}:${lineOf(node.getStart(source))} ${own}`, lines, explained: EXPLAINED.test(leading(holder)) || EXPLAINED.test(leading(node)) });
    }
    const next = ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) ? node.name.getText(source) : name;
    ts.forEachChild(node, (child) => visit(child, next));
  };
  visit(source, null);
  return found;
}

const all = PARTS.flatMap((part) => sources(part, [])).flatMap(lengthsOf).sort((a, b) => b.lines - a.lines);
const unexplained = all.filter((f) => !f.explained);
for (const f of unexplained) console.log(`${String(f.lines).padStart(5)}  ${f.what}`);
const explained = all.filter((f) => f.explained);
if (explained.length > 0) {
  console.log("\nlong, and their comment says why:");
  for (const f of explained) console.log(`${String(f.lines).padStart(5)}  ${f.what}`);
}
console.log(`\n${unexplained.length} over ${FILE_MAX} lines (files) or ${FUNCTION_MAX} (functions) without a reason; ${explained.length} with one`);
if (process.argv.includes("--fail") && unexplained.length > 0) process.exit(1);
