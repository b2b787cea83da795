import nodemailer from "nodemailer";
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
        throw new DeliveryError(`mail: ${(error as Error).message}`);
      }
    },
    close: () => transport.close(),
  };
}
