import type { FormKind } from "../forms/kinds.ts";

/**
 * POST /studio/api/personal-data/copy: everything held about a person, as JSON for programs
 * (times in ISO UTC, CVs in Base64); the studio's page makes the readable document of it
 * (studio/pages/personal-data-document.tsx). Only the kinds the caller's role sees.
 */
export type PersonalDataCopy = {
  about: string;
  /** The agency that holds the data (the site's brand). */
  agency: string;
  madeAt: string;
  submissions: Array<{
    id: string;
    number: number | null;
    kind: FormKind;
    receivedAt: string;
    /** The stage's key, and its name as the team sees it. */
    status: string;
    stage: string;
    fields: Record<string, unknown>;
    page: string;
    /** Where the visit began: the other site and the first page of ours (empty when unknown). */
    referrer: string;
    landing: string;
    utm: Record<string, string>;
    ip: string;
    consent: { at?: string; ip?: string; purposes?: string[]; documents?: { agreement?: string; privacy?: string } };
    file: { name: string; type: string; size: number; sha256: string; base64: string } | null;
    deliveries: Array<{ channel: string; status: string; attempts: number; queuedAt: string | null; deliveredAt: string | null }>;
    /** A request closed as lost: the reason chosen and the team's note about it. */
    loss: { reason: string | null; note: string | null } | null;
    statusHistory: Array<{ at: string | null; from: string; to: string; fromStage: string; toStage: string; reason: string | null; note: string | null }>;
    comments: Array<{ at: string | null; author: string | null; text: string }>;
  }>;
  subscriptions: Array<{ email: string; status: string; requestedAt: string | null; confirmedAt: string | null }>;
};
