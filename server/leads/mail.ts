import nodemailer from "nodemailer";
import { redact } from "../redact.ts";
import { DeliveryError } from "./webhook.ts";

/** Outgoing mail over SMTP (SMTP_URL), one pooled transport per process. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Stable per submission and channel, so a repeated delivery is recognisable as the same letter. */
  messageId: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

export function createMailer(smtp: { url: string; from: string }): Mailer {
  // Bounded waits: a stuck mail server must fail the attempt, not hold the worker.
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({ ...message, from: smtp.from });
      } catch (error) {
        throw new DeliveryError(`mail: ${describe(error as SmtpError)}`);
      }
    },
    close: () => transport.close(),
  };
}

/** What nodemailer's errors carry besides the message (which quotes the refused addresses). */
type SmtpError = Error & { code?: string; command?: string; responseCode?: number; response?: string };

/**
 * A failed sending by its codes (nodemailer's class, the SMTP command, the reply's code), then
 * the server's reply (its enhanced status and reason), redacted: servers quote the refused
 * address, and some what else they know of its owner.
 */
export function describe(error: SmtpError): string {
  const codes = [error.code, error.command && `at ${error.command}`].filter(Boolean).join(" ");
  const text = redact(error.response ?? error.message);
  return codes ? `${codes}: ${text}` : text;
}
