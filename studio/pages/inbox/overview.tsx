import { Link } from "react-router";
import type { InboxOverview } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import { formatDateTime } from "../../lib/format.ts";
import "./inbox.css";
import { inMoscow } from "#core/lib/moscow-time.ts";

/**
 * What needs a person now (new, nobody responsible, nothing done for 24 hours) and a chart of
 * submissions per week by source, with the same figures as a table for screen readers. The
 * chart is our own SVG (decision 029): twelve stacked bars need no library.
 */
/** Distinct at a glance and each at least 3:1 against white (WCAG 1.4.11). */
const COLORS = ["#3a3df0", "#17804a", "#c42b2f", "#9a5b00", "#7a3fb0", "#5a6070"];

const weekLabel = (start: number) => inMoscow(start, "dayMonth").replace(/\s/g, "\u00a0").replace(/\.$/, "");

export function OverviewPanel({ overview }: { overview: InboxOverview }) {
  const figures = [
    ...(overview.sinceVisit ? [{ label: `Пришли с прошлого входа, ${formatDateTime(overview.sinceVisit.at)}`, value: overview.sinceVisit.count, href: pages.inbox }] : []),
    { label: "Новые", value: overview.fresh, href: `${pages.inbox}?status=new` },
    { label: "Без ответственного", value: overview.unassigned, href: `${pages.inbox}?owner=none` },
    { label: "Без движения больше суток", value: overview.untouched, href: null },
  ];
  return (
    <section className="s-section s-overview" aria-labelledby="overview-title">
      <h2 id="overview-title" className="s-section__title">
        Сейчас
      </h2>
      <ul className="s-overview__figures">
        {figures.map((figure) => (
          <li key={figure.label} className="s-overview__figure">
            <span className="s-overview__value">{figure.value}</span>{" "}
            {figure.href ? <Link to={figure.href}>{figure.label}</Link> : <span>{figure.label}</span>}
          </li>
        ))}
      </ul>
      <WeeklyChart overview={overview} />
    </section>
  );
}

function WeeklyChart({ overview }: { overview: InboxOverview }) {
  const { weeks, sources } = overview;
  const max = Math.max(1, ...weeks.map((week) => week.total));
  const [width, height, left, bottom, top] = [600, 200, 32, 24, 8];
  const slot = (width - left) / weeks.length;
  const scale = (height - bottom - top) / max;
  const color = (source: string) => COLORS[sources.indexOf(source) % COLORS.length] as string;
  return (
    <figure className="s-overview__chart">
      <figcaption id="overview-chart-title">Заявки по неделям за 12 недель, по источникам (utm_source, иначе сайт, с которого пришли, иначе первая страница визита)</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="overview-chart-title" className="s-overview__svg">
        <line x1={left} x2={width} y1={height - bottom} y2={height - bottom} className="s-overview__axis" />
        <text x={left - 4} y={top + 8} textAnchor="end" className="s-overview__tick">
          {max}
        </text>
        <text x={left - 4} y={height - bottom} textAnchor="end" className="s-overview__tick">
          0
        </text>
        {weeks.map((week, i) => {
          let y = height - bottom;
          return (
            <g key={week.start}>
              {sources.map((source) => {
                const n = week.bySource[source] ?? 0;
                if (n === 0) return null;
                const h = n * scale;
                y -= h;
                return <rect key={source} x={left + i * slot + slot * 0.15} y={y} width={slot * 0.7} height={h} fill={color(source)} />;
              })}
              {i % 2 === 0 ? (
                <text x={left + i * slot + slot / 2} y={height - 6} textAnchor="middle" className="s-overview__tick">
                  {weekLabel(week.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {sources.length > 0 ? (
        <ul className="s-overview__legend" aria-hidden="true">
          {sources.map((source) => (
            <li key={source}>
              <svg className="s-overview__swatch" viewBox="0 0 10 10">
                <rect width="10" height="10" fill={color(source)} />
              </svg>{" "}
              {source}
            </li>
          ))}
        </ul>
      ) : (
        <p className="s-muted">За 12 недель заявок не было.</p>
      )}
      {/* A table's width ignores the 1px that hides it: a box of its own does not, or the page scrolls sideways. */}
      <div className="s-visually-hidden">
      <table>
        <caption>Заявки по неделям и источникам</caption>
        <thead>
          <tr>
            <th scope="col">Неделя с</th>
            {sources.map((source) => (
              <th key={source} scope="col">
                {source}
              </th>
            ))}
            <th scope="col">Всего</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.start}>
              <th scope="row">{weekLabel(week.start)}</th>
              {sources.map((source) => (
                <td key={source}>{week.bySource[source] ?? 0}</td>
              ))}
              <td>{week.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
