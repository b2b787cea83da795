import type { FormKind } from "#core/forms/kinds.ts";

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** The person and the subject of a submission's fields, for a line of the list or of a CSV file. */
export function summaryOf(kind: FormKind, data: Record<string, unknown>) {
  const position = data.position as { title?: string } | undefined;
  return {
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    // What the person came about where that is not a company: the vacancy, the event.
    subject: kind === "job" ? str(position?.title) : kind === "event" ? str((data.event as { title?: string } | undefined)?.title) : str(data.company),
    ...requestTerms(data),
  };
}

/** The services and the budget a request names (as the form stored them: names and a label). */
export function requestTerms(data: Record<string, unknown>): { services: string[]; budget: string } {
  const services = Array.isArray(data.services) ? (data.services as Array<{ name?: unknown }>).map((s) => str(s?.name)).filter(Boolean) : [];
  return { services, budget: str((data.budget as { label?: unknown } | null | undefined)?.label) };
}
