import { Fragment } from "react";
import { Form } from "react-router";
import { type Funnel, KINDS } from "#core/studio/inbox.ts";
import type { FilterErrors } from "../../lib/filter-errors.ts";
import { Button, DayField } from "../../ui/index.ts";
import "./funnel.css";

/**
 * The funnel of each kind the caller sees, for the submissions that came in a period: how many
 * reached each stage and the share of the stage before, then won and lost (by reason) and the
 * outcomes by source. Tables: the figures are the point, and a screen reader reads them as such.
 */
const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((part / whole) * 100)}\u00a0%`);
/** A source may be a long path: it may wrap after a slash, a dash or a dot, never inside a word. */
const breakable = (text: string) =>
  text.split(/(?<=[/\-.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
const day = (iso: string) => iso.split("-").reverse().join(".");

export function FunnelPanel({ funnel, filters }: { funnel: Funnel & { filterErrors: FilterErrors }; filters: URLSearchParams }) {
  return (
    <section className="s-funnel" aria-labelledby="funnel-title">
      <h2 id="funnel-title" className="s-section__title">
        Воронка за&nbsp;{day(funnel.since)}&nbsp;— {day(funnel.until)}
      </h2>
      <Form method="get" className="s-form s-funnel__period" aria-label="Период воронки">
        {[...filters.entries()].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <DayField label="Пришли с" name="since" defaultValue={funnel.since} error={funnel.filterErrors.since} />
        <DayField label="по" name="until" defaultValue={funnel.until} error={funnel.filterErrors.until} />
        <div className="s-funnel__actions">
          <Button type="submit">Показать воронку</Button>
        </div>
      </Form>
      {funnel.kinds.map((k) => {
        const id = `funnel-${k.kind}`;
        return (
          <section key={k.kind} className="s-funnel__kind" aria-labelledby={id}>
            <h3 id={id} className="s-funnel__title">
              {KINDS[k.kind].label}: пришло {k.total}, успех {k.won}, отказ {k.lost}
            </h3>
            {k.total === 0 ? (
              <p className="s-muted">За этот период таких нет.</p>
            ) : (
              <>
                <table className="s-table s-funnel__table">
                  <caption>Дошли до&nbsp;этапа</caption>
                  <thead>
                    <tr>
                      <th scope="col">Этап</th>
                      <th scope="col">Дошли</th>
                      <th scope="col">Из&nbsp;предыдущего</th>
                    </tr>
                  </thead>
                  <tbody>
                    {k.steps.map((step, i) => (
                      <tr key={step.key}>
                        <th scope="row">{step.label}</th>
                        <td>{step.reached}</td>
                        <td>{i === 0 ? "—" : percent(step.reached, k.steps[i - 1]?.reached ?? 0)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {k.reasons.length > 0 ? (
                  <table className="s-table s-funnel__table">
                    <caption>Отказы по&nbsp;причинам</caption>
                    <thead>
                      <tr>
                        <th scope="col">Причина</th>
                        <th scope="col">Заявок</th>
                      </tr>
                    </thead>
                    <tbody>
                      {k.reasons.map((reason) => (
                        <tr key={reason.reason}>
                          <th scope="row">{reason.reason}</th>
                          <td>{reason.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                <table className="s-table s-funnel__table">
                  <caption>По&nbsp;источникам</caption>
                  <thead>
                    <tr>
                      <th scope="col">Источник</th>
                      <th scope="col">Всего</th>
                      <th scope="col">Успех</th>
                      <th scope="col">Отказ</th>
                    </tr>
                  </thead>
                  <tbody>
                    {k.sources.map((source) => (
                      <tr key={source.source}>
                        <th scope="row">{breakable(source.source)}</th>
                        <td>{source.total}</td>
                        <td>{source.won}</td>
                        <td>{source.lost}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </section>
        );
      })}
    </section>
  );
}
