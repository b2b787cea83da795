import type { FormKind } from "#core/forms/kinds.ts";
import type { NewSubmission } from "../../server/leads/types.ts";

/**
 * Submissions as the forms store them (server/leads/submit.ts), for seeding
 * the inbox's store in tests and in the benchmark without going through HTTP.
 */
export type SubmissionSeed = {
  form?: FormKind;
  createdAt?: number;
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  message?: string;
  page?: string;
  utm?: Record<string, string>;
  visit?: { referrer: string | null; landing: string | null };
  campaign?: NewSubmission["campaign"];
  file?: NewSubmission["file"];
  deliveries?: NewSubmission["deliveries"];
};

export function submission(seed: SubmissionSeed = {}): NewSubmission {
  const form = seed.form ?? "project";
  const createdAt = seed.createdAt ?? Date.now();
  const email = seed.email ?? `${crypto.randomUUID().slice(0, 8)}@mail.example`;
  const data: Record<string, unknown> =
    form === "project"
      ? { name: seed.name ?? "Анна Смирнова", phone: seed.phone ?? "", email, company: seed.company ?? "", services: [{ slug: "analytics", name: "Аналитика" }], budget: null, message: seed.message ?? "", newsletter: false }
      : form === "job"
        ? { position: { slug: "analyst", title: "Аналитик" }, name: seed.name ?? "Иван Петров", email, phone: seed.phone ?? "+79031112233", cvLink: "", letter: seed.message ?? "" }
        : { email };
  const ip = "203.0.113.7";
  return {
    id: crypto.randomUUID(),
    form,
    createdAt,
    data,
    page: seed.page ?? "/contacts/",
    utm: seed.utm ?? {},
    visit: seed.visit ?? { referrer: null, landing: null },
    campaign: seed.campaign ?? null,
    ip,
    consent: { at: new Date(createdAt).toISOString(), ip, purposes: [form === "job" ? "jobs" : form === "project" ? "leads" : "newsletter"], documents: { agreement: "2025-09-01", privacy: "2025-09-01" } },
    file: seed.file,
    deliveries: seed.deliveries ?? [],
  };
}
