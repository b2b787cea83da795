import { createSecretBox } from "../../settings/secret-box.ts";

/**
 * A two-factor secret as the store keeps it: sealed as every secret in the store is
 * (server/settings/secret-box.ts: AES-256-GCM, a fresh nonce each time, its name bound in), under
 * the two-factor key (twoFactorKey in ../config.ts), so a copy of the database signs no one in.
 * A secret sealed with another key, or altered, does not open: never taken for a valid one.
 */
const NAME = "two-factor secret";

export function seal(plain: string, key: Buffer): string {
  return createSecretBox(key).seal(NAME, plain);
}

/** The plain text, or null when another key sealed it or it was altered. */
export function unseal(text: string, key: Buffer): string | null {
  return createSecretBox(key).open(NAME, text);
}
