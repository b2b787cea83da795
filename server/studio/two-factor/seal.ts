import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * A two-factor secret as the store keeps it: encrypted with the configuration's key
 * (AES-256-GCM, a fresh nonce each time), so a copy of the database signs no one in.
 * The text names the key by a short digest of it: a secret sealed with another key is told
 * apart from a damaged one, and neither is ever taken for a valid secret.
 */
const VERSION = "v1";

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("base64url").slice(0, 8);

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, keyId(key), iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The plain text, or null when another key sealed it or it was altered. */
export function unseal(text: string, key: Buffer): string | null {
  const [version, id, iv, tag, sealed] = text.split(".");
  if (version !== VERSION || id !== keyId(key) || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
