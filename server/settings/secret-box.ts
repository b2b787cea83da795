import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Secrets set in «Настройки» are kept sealed: AES-256-GCM (node:crypto), a fresh 12-byte nonce
 * each time, the setting's name bound in as associated data (a sealed value moved to another
 * setting does not open). A copy of the database alone reveals no secret.
 *
 * The key: SECRETS_KEY (any text of 32 characters or more, hashed to 32 bytes); without it, a
 * random key kept in DATA_DIR/settings.key (made on first use, readable by the server's user
 * only), which the site's and the studio's processes on one machine share. Servers on several
 * machines sharing a PostgreSQL set SECRETS_KEY: each would otherwise make a key of its own
 * and could not open what another sealed.
 */
export type SecretBox = {
  seal(name: string, plain: string): string;
  /** The secret, or null when it cannot be opened (another key sealed it, or it was altered). */
  open(name: string, sealed: string): string | null;
};

const PREFIX = "v1:";
const KEY_FILE = "settings.key";

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the settings key must be 32 bytes");
  return {
    seal(name, plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(name));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(name, sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
      if (bytes.length < 28) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
        decipher.setAAD(Buffer.from(name));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** The key from SECRETS_KEY, or the data folder's key file (made now if there is none). */
export function settingsKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return createHash("sha256").update(configured).digest();
  const file = join(resolve(dataDir), KEY_FILE);
  try {
    const kept = Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
    if (kept.length === 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  const made = randomBytes(32);
  // Written aside, then linked into place: a process starting at the same moment finds either no
  // key or the whole of one, and both keep the first one linked.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, made.toString("base64url"), { mode: 0o600 });
  try {
    linkSync(aside, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } finally {
    rmSync(aside, { force: true });
  }
}
