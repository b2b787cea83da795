import type { Db } from "./db.ts";
import { landingViewsStore } from "./landing-views-store.ts";
import { retentionStore } from "./retention-store.ts";
import { searchLogStore } from "./search-log-store.ts";
import { submissionStore } from "./submission-store.ts";
import { subscriptionStore } from "./subscription-store.ts";

/**
 * The data-access module: every read and write of submissions, files and
 * subscriptions, the same SQL on both backends. The outbox queue is in
 * outbox-store.ts. Submissions (submission-store.ts), subscriptions
 * (subscription-store.ts) and retention (retention-store.ts) are modules of their own.
 */
export { CONFIRM_RESEND_MS, type Stored } from "./submission-store.ts";

export function createStore(db: Db) {
  return {
    db,
    ...submissionStore(db),
    ...subscriptionStore(db),
    ...retentionStore(db),
    searchLog: searchLogStore(db),
    landingViews: landingViewsStore(db),
  };
}

export type Store = ReturnType<typeof createStore>;
