import { createContext, type RouterContextProvider } from "react-router";
import type { FormAnswer } from "./answer.ts";
import type { FormKind } from "./kinds.ts";

/**
 * What route modules know of the leads service the server starts at boot
 * (server/leads): its contract, and how they are handed it, through React
 * Router's load context (core/lib/load-context.server.ts), so the site's build
 * never carries the storage code.
 */
export type SubmitResult = { status: number; answer: FormAnswer; headers?: Record<string, string> };

/** Facts from the content a submission is checked against and stored with. */
export type FormsContext = {
  services: ReadonlyArray<{ slug: string; name: string }>;
  positions: ReadonlyArray<{ slug: string; title: string }>;
  /**
   * The site's events a registration may name: its start (ISO, for machines), when it is in words
   * («5 марта 2026, 19:00–21:30 МСК»), where, and the moment registration closes (its end, or its start).
   */
  events: ReadonlyArray<{ slug: string; title: string; startsAt: string; when: string; place: string; online: boolean; closesAt: number }>;
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

/** The service, as the server hands it to route code for each request. */
export const leadsContext = createContext<LeadsService | null>(null);

/** The service the server handed this request (server/main.ts starts it, in `npm start` and `npm run dev` alike). */
export async function leadsService(context: Readonly<RouterContextProvider>): Promise<LeadsService> {
  const given = context.get(leadsContext);
  if (given) return given;
  throw new Error("the leads service is not running (server/main.ts starts it and hands it to each request)");
}
