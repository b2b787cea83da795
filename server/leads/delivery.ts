import { paths } from "#core/lib/paths.ts";
import { assignmentLetter, attendeeLetter, confirmationLetter, teamLetter, webhookBody } from "./letters.ts";
import type { Mailer } from "./mail.ts";
import type { Store } from "./store.ts";
import type { OutboxItem, Submission } from "./types.ts";
import { redactedMessage } from "../redact.ts";
import { DeliveryError, postWebhook } from "./webhook.ts";
import { webhookTargetProblem } from "./webhook-target.ts";
import type { Settings } from "../settings/settings.ts";

/**
 * One outbox item delivered by its channel: the webhook, the team's letter (with the CV), the
 * subscriber's confirmation or the owner's assignment letter. What the outbox's worker calls.
 */

/** The person's own values as the submission holds them: a receiver's error may quote them in any form (a name most of all). */
const PERSONAL_FIELDS = ["name", "email", "phone", "company"];
const personalValues = (submission: Submission): string[] =>
  PERSONAL_FIELDS.map((field) => submission.data[field]).filter((value): value is string => typeof value === "string" && value !== "");

/** One webhook delivery, to the address in force now: one changed in «Настройки» since the submission came is the one called. */
async function deliverWebhook(settings: Settings, submission: Submission, item: OutboxItem): Promise<void> {
  const { webhook } = await settings.live();
  if (!webhook) throw new DeliveryError("no webhook is set (LEADS_WEBHOOK_URL or «Настройки»)");
  const problem = webhook.checked ? await webhookTargetProblem(webhook.url, settings.allowLocalWebhook) : null;
  if (problem) throw new DeliveryError(`webhook: the address set in «Настройки» may not be called (${problem})`);
  const { event, body } = webhookBody(submission, item);
  await postWebhook({ ...webhook, publicOnly: webhook.checked && !settings.allowLocalWebhook }, body, { "X-Lead-Id": submission.id, "X-Lead-Event": event, "X-Lead-Delivery": `${item.id}.${item.attempts + 1}` });
}

export type DeliveryDeps = { store: Store; settings: Settings; mailer: Mailer | undefined; origin: string };

export function createDeliver({ store, settings, mailer, origin }: DeliveryDeps) {
  async function send(item: OutboxItem, submission: Submission): Promise<void> {
    if (item.channel === "webhook") return deliverWebhook(settings, submission, item);
    if (!mailer) throw new DeliveryError("SMTP_URL is not set");
    if (item.channel === "assign") {
      await mailer.send(assignmentLetter(submission, item, origin));
      return;
    }
    if (item.channel === "attendee") {
      await mailer.send(attendeeLetter(submission, item, origin));
      return;
    }
    if (item.channel === "confirm") {
      await mailer.send(confirmationLetter(submission, item, origin, paths.confirm()));
      return;
    }
    const file = submission.file ? await store.file(submission.id) : null;
    const content = file ? Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength) : undefined;
    const cv = file && content ? [{ filename: file.name, content, contentType: file.type }] : undefined;
    await mailer.send(teamLetter(submission, item, origin, cv));
  }

  return async function deliver(item: OutboxItem): Promise<void> {
    const submission = await store.submission(item.submissionId);
    if (!submission) throw new DeliveryError(`submission ${item.submissionId} not found`);
    try {
      await send(item, submission);
    } catch (error) {
      // Logged and stored (outbox.last_error): without the person, whatever the receiver echoed.
      throw new DeliveryError(redactedMessage(error, personalValues(submission)), { cause: error });
    }
  };
}
