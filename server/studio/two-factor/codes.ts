import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/**
 * The codes of the second factor. Time-based one-time codes (RFC 6238) as every
 * authenticator app makes them by default: HMAC-SHA1, six digits, 30 seconds (otpauth,
 * decision 039); a code of the step before or after is taken too (a phone's clock a little
 * off, a code typed as it changed). Recovery codes: ten of 16 letters and digits (80 bits,
 * so their plain SHA-256 is enough to keep them: no one tries 2^80 of them), each good once.
 */
export const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps before and after the current one whose codes are still taken. */
const WINDOW = 1;
export const RECOVERY_CODES = 10;
/** No 0/O, 1/l/i: a code read from paper is typed right. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function totp(secret: string, issuer = "", label = "") {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret: 160 random bits, as base32 (what a person types when they cannot scan). */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: `otpauth://totp/Issuer:login?secret=…`. */
export const otpauthUri = (secret: string, issuer: string, login: string): string => totp(secret, issuer, login).toString();

/** The secret as a person types it: groups of four. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The code an app shows for `secret` at `at` (tests, and nothing else, need it). */
export const codeAt = (secret: string, at: number): string => totp(secret).generate({ timestamp: at });

/** Digits only, as typed: spaces and dashes dropped. Null when it is not six digits. */
export function totpInput(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The time step a code belongs to (within the window around `at`), or null when it is not one. */
export function stepOf(secret: string, code: string, at: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: at, window: WINDOW });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}

/** A recovery code as shown: `abcd-efgh-jkmn-pqrs`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return chars.join("").replace(/(.{4})(?=.)/g, "$1-");
}

/** What a typed recovery code is kept and compared as (case, spaces and dashes aside). */
export function recoveryHash(text: string): string | null {
  const plain = text.toLowerCase().replace(/[\s-]/g, "");
  if (plain.length !== 16 || ![...plain].every((c) => RECOVERY_ALPHABET.includes(c))) return null;
  return createHash("sha256").update(plain).digest("hex");
}

/** The QR code of the app's link, drawn here as SVG (nothing fetched from elsewhere), as a data URL for an image. */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
