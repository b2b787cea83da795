import type { FormAnswer } from "./answer.ts";
import type { FormKind } from "./kinds.ts";

/**
 * The bridge between route modules (bundled by Vite) and the leads service
 * the Node server starts at boot (server/leads, run from source). Both
 * copies of this module find the service under one global symbol, so the
 * bundle never carries the storage code.
 */
export type SubmitResult = { status: number; answer: FormAnswer; headers?: Record<string, string> };

/** Facts from the content a submission is checked against and stored with. */
export type FormsContext = {
  services: ReadonlyArray<{ slug: string; name: string }>;
  positions: ReadonlyArray<{ slug: string; title: string }>;
  /** Versions of the consent and policy documents shown next to the checkboxes. */
  documents: { agreement: string; privacy: string };
  /** Default mailboxes (LEADS_EMAIL_TO / JOBS_EMAIL_TO override them). */
  mailboxes: { sales: string; hr: string };
};

export type ConfirmationState = "valid" | "invalid";

export interface LeadsService {
  submit(kind: FormKind, request: Request, context: FormsContext): Promise<SubmitResult>;
  confirmationState(token: string): Promise<ConfirmationState | "unavailable">;
  /** True when the link activated a subscription; false when unknown, used or expired. */
  confirm(token: string): Promise<boolean | "unavailable">;
}

const KEY = Symbol.for("site.leads-service");
type Registry = { [KEY]?: LeadsService };

export function registerLeadsService(service: LeadsService | undefined): void {
  (globalThis as Registry)[KEY] = service;
}

export async function leadsService(): Promise<LeadsService> {
  const registered = (globalThis as Registry)[KEY];
  if (registered) return registered;
  // `react-router dev` has no server/index.ts: start the service in the dev server itself.
  if (import.meta.env.DEV) {
    const { startLeads } = await import("../../server/leads/service.ts");
    await startLeads();
    const started = (globalThis as Registry)[KEY];
    if (started) return started;
  }
  throw new Error("the leads service is not running (server/index.ts starts it)");
}
