import type { FormKind } from "#core/forms/kinds.ts";
import type { Visit } from "#core/forms/visit.ts";
import type { Campaign } from "#core/forms/campaign.ts";
import type { Channel } from "#core/studio/inbox.ts";

export type { Channel };

/** What the visitor agreed to, when and from where (152-FZ): kept with the submission. */
export type ConsentRecord = {
  /** ISO time the form was accepted. */
  at: string;
  ip: string;
  /** "leads", "jobs", "newsletter", "events". */
  purposes: string[];
  /** Versions of the documents the visitor was shown (content/legal). */
  documents: { agreement: string; privacy: string };
};

export type StoredFile = { name: string; type: string; size: number; sha256: string };

export type Submission = {
  id: string;
  form: FormKind;
  createdAt: number;
  data: Record<string, unknown>;
  page: string;
  utm: Record<string, string>;
  /** The site the visit came from and its first page (none for what was stored before them, or sent without JavaScript). */
  visit: Visit;
  /** Sent from a landing's form: the landing, the variant of its headline test, the form's label (core/forms/campaign.ts). */
  campaign: Campaign | null;
  ip: string;
  consent: ConsentRecord;
  file: StoredFile | null;
  /** Its kind's short number, given when it is stored. */
  number?: number | null;
};

export type NewSubmission = Omit<Submission, "file" | "number"> & {
  file?: StoredFile & { content: Uint8Array };
  /** Outbox items written in the same transaction. */
  deliveries: Array<{ channel: Channel; payload?: Record<string, unknown> }>;
  /** A newsletter request: a pending subscription and its confirmation e-mail. */
  subscription?: { email: string; token: string; tokenHash: string; expiresAt: number };
};

export type OutboxStatus = "pending" | "delivered" | "dead";

export type OutboxItem = {
  id: number;
  submissionId: string;
  channel: Channel;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  payload: Record<string, unknown> | null;
  createdAt: number;
  deliveredAt: number | null;
};
