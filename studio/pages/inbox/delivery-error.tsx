import { explainDeliveryError } from "#core/studio/delivery-errors.ts";
import "./delivery-error.css";

/** A delivery's last error in words, the technical text one click away (for whoever sets up the CRM or the mail). */
export function DeliveryError({ error }: { error: string | null }) {
  const words = explainDeliveryError(error);
  if (!error || !words) return <>—</>;
  return (
    <>
      <span>{words}</span>
      <details className="s-inbox__technical">
        <summary>Техническая ошибка</summary>
        <code lang="en">{error}</code>
      </details>
    </>
  );
}
