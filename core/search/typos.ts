/**
 * One letter wrong, missing, extra, or two neighbours swapped: the typos a
 * query word of five letters or more is forgiven (found through the typo
 * keys of the index, index-format.ts).
 */

/** Every form of `term` with one letter left out. */
export function deletions(term: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < term.length; i++) out.add(term.slice(0, i) + term.slice(i + 1));
  return [...out];
}

/** Whether `a` becomes `b` by one edit (substitution, insertion, deletion, or a swap of neighbours). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
