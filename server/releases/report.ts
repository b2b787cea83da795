import { counted, formatCount, plural } from "#core/lib/format.ts";
import type { ReleaseRecord } from "./store.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";

/** Moscow time, as people at the agency read it: 25.11.2026, 22:30. */
export const moscowTime = (iso: string): string => inMoscow(iso, "numeric");

/** What a release did, for the person who made it. */
export function describeRelease(r: ReleaseRecord): string {
  const steps = Object.entries(r.steps)
    .filter(([name]) => name !== "brotli")
    .map(([name, seconds]) => `${name} ${seconds} с`)
    .join(", ");
  return [
    `Опубликовано: ${r.id} (${moscowTime(r.createdAt)}), ${r.seconds} с: ${steps}.`,
    r.full ? `Отрисованы все страницы: ${r.full}.` : `Изменилось: ${r.changed.length > 0 ? r.changed.join(", ") : "ничего"}.`,
    `Страниц отрисовано: ${r.pages.rendered}, взято из прошлой публикации: ${r.pages.reused}` +
      (r.pages.removed > 0 ? `, снято с сайта: ${r.pages.removed}` : "") +
      `. Файлов новых: ${r.files.written}, прежних: ${r.files.reused}; картинок для соцсетей нарисовано: ${r.drawn}.`,
    ...(r.rendered.length > 0 && r.rendered.length <= 30 ? [`Отрисованы заново: ${r.rendered.join(", ")}.`] : []),
    r.commit ? `Коммит содержимого: ${r.commit.slice(0, 10)}.` : "Содержимое не под git: коммит не записан.",
  ].join("\n");
}

/** `npm run publish -- --list`: the kept releases, newest first, the live one marked. */
export function formatReleaseList(records: readonly ReleaseRecord[], live: string | null): string {
  if (records.length === 0) return "Публикаций пока нет.";
  const rows = [...records].reverse().map((r) => {
    const what = r.full ? `все страницы (${r.full})` : r.changed.length > 0 ? r.changed.join(", ") : "без изменений";
    return [r.id === live ? "▶" : " ", r.id, moscowTime(r.createdAt).padEnd(17), r.author, `«${r.message}»`, what].join("  ");
  });
  return ["   номер                   время (МСК)        автор, сообщение, что изменилось", ...rows].join("\n");
}

/** «33 страницы отрисованы, 1 взята из прошлой публикации»: the verb agrees with the count too. */
export function doneLine(rendered: number, reused: number): string {
  return [
    `${counted(rendered, ["страница", "страницы", "страниц"])} ${plural(rendered, ["отрисована", "отрисованы", "отрисовано"])}`,
    `${formatCount(reused)} ${plural(reused, ["взята", "взяты", "взято"])} из\u00a0прошлой публикации`,
  ].join(", ");
}
