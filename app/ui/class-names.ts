/** Joins the truthy class names: `cx("card", active && "card--active")`. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
