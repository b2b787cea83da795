/**
 * Text that comes from elsewhere (a mail server's reply, a driver's or a database's error) may
 * quote a person: the address a letter was refused for, their name, their phone. What is logged
 * or stored of it goes through here first, so no log line and no stored error holds personal
 * data (docs/security.md, «Logs»). What stays is what an operator acts on: codes, the words of
 * the reason, hosts and ports.
 */
/** local@domain.tld; no slash before the @, so a path's `node_modules/@scope` in a stack is not one. */
const EMAIL = /[^\s<>()[\]{}"'`,;:/@]+@[^\s<>()[\]{}"'`,;:/@]+\.[^\s<>()[\]{}"'`,;:/@]+/gu;
/** A run of digits and the separators phones are written with; a phone only with 7 digits or more. */
const DIGITS = /\+?\d[\d\s().-]{4,}\d/g;
/** Not phones: IPv4 addresses (with a port), ISO dates and times. */
const NOT_PHONE = /^(\d{1,3}\.){3}\d{1,3}$|^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/;
const MIN_PHONE_DIGITS = 7;
/** Words of a person's own values shorter than this are too common to be theirs alone. */
const MIN_WORD = 3;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The text without e-mail addresses, phone numbers and the words of `known` (a person's name,
 * e-mail and phone as the submission holds them), each replaced by what it was: the text is
 * technical, in English (the studio shows it under «Техническая ошибка», lang="en").
 */
export function redact(text: string, known: readonly string[] = []): string {
  let out = text;
  const words = known.flatMap((value) => value.split(/[\s,]+/u)).filter((word) => word.length >= MIN_WORD);
  // Longest first: a name is removed whole before any shorter word of it.
  for (const word of [...new Set(words)].sort((a, b) => b.length - a.length)) out = out.replace(new RegExp(escape(word), "giu"), "[redacted]");
  out = out.replace(EMAIL, "[email]");
  return out.replace(DIGITS, (run) => {
    const digits = run.replace(/\D/g, "").length;
    return digits >= MIN_PHONE_DIGITS && !NOT_PHONE.test(run.trim()) ? "[phone]" : run;
  });
}

/** An error's message, redacted, for a log line or a stored error. */
export const redactedMessage = (error: unknown, known: readonly string[] = []): string =>
  redact(error instanceof Error ? error.message : String(error), known);
