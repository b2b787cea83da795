import type { FetcherWithComponents } from "react-router";
import type { Delivery, InboxDetail } from "#core/studio/inbox.ts";
import { formatDateTime } from "../../lib/format.ts";
import { Button, Table } from "../../ui/index.ts";
import { DeliveryError } from "./delivery-error.tsx";
import type { Result } from "./parts.tsx";

const CHANNELS: Record<Delivery["channel"], string> = {
  webhook: "В CRM (вебхук)",
  mail: "Письмо команде",
  confirm: "Письмо-подтверждение подписчику",
  attendee: "Письмо о\u00a0регистрации участнику",
  assign: "Письмо ответственному",
};

function DeliveryState({ delivery }: { delivery: Delivery }) {
  if (delivery.status === "delivered" && delivery.deliveredAt !== null) return <>Доставлена {formatDateTime(delivery.deliveredAt)}</>;
  if (delivery.status === "pending") {
    return <>В очереди{delivery.nextAttemptAt !== null ? `, следующая попытка ${formatDateTime(delivery.nextAttemptAt)}` : ""}</>;
  }
  return <span className="s-inbox__alert">Не доставлена: попытки кончились</span>;
}

/** A submission's deliveries (submission.tsx): where each went, its state and last error, a dead one sent again by whoever works on requests. */
export function Deliveries({ s, retry, work }: { s: InboxDetail; retry: FetcherWithComponents<Result>; work: boolean }) {
  return (
    <section className="s-section" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="s-section__title">
        Доставка
      </h2>
      {s.deliveries.length === 0 ? (
        <p className="s-muted">Доставка не настроена: заявка есть только здесь.</p>
      ) : (
        <div className="s-inbox__wide">
          <Table caption="Доставка заявки" hideCaption head={["Куда", "Состояние", "Попыток", "Последняя ошибка", "Действие"]}>
            {s.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{CHANNELS[d.channel]}</td>
                <td>
                  <DeliveryState delivery={d} />
                </td>
                <td>{d.attempts}</td>
                <td className="s-inbox__error">
                  <DeliveryError error={d.lastError} />
                </td>
                <td>
                  {d.status === "dead" && work ? (
                    <retry.Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="delivery" value={d.id} />
                      <Button type="submit" busy={retry.state !== "idle"}>
                        Повторить доставку
                      </Button>
                    </retry.Form>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}
