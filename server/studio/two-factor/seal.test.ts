import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
import { settingsKey } from "../../settings/secret-box.ts";
import { twoFactorKey } from "../config.ts";
import { codeAt, recoveryHash, stepOf, totpInput } from "./codes.ts";
import { seal, unseal } from "./seal.ts";

describe("a two-factor secret in the store", () => {
  it("is sealed, opened only with its own key, and refused once altered", () => {
    const key = randomBytes(32);
    const sealed = seal("JBSWY3DPEHPK3PXP", key);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(seal("JBSWY3DPEHPK3PXP", key)).not.toBe(sealed);
    expect(unseal(sealed, key)).toBe("JBSWY3DPEHPK3PXP");
    expect(unseal(sealed, randomBytes(32))).toBeNull();
    // Its last characters changed: the authentication fails.
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith("AA") ? "BB" : "AA"}`;
    expect(unseal(altered, key)).toBeNull();
    expect(unseal("nonsense", key)).toBeNull();
  });

  it("takes a key of its own from the store's secrets key, the same for the same key and another for another", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "two-factor-key-"));
    try {
      const configured = twoFactorKey(parseEnv({ SECRETS_KEY: "a".repeat(32), DATA_DIR: dataDir }));
      expect(configured).toHaveLength(32);
      expect(twoFactorKey(parseEnv({ SECRETS_KEY: "a".repeat(32), DATA_DIR: dataDir })).equals(configured)).toBe(true);
      expect(twoFactorKey(parseEnv({ SECRETS_KEY: "b".repeat(32), DATA_DIR: dataDir })).equals(configured)).toBe(false);
      // Not the settings' own key: a webhook secret's key never opens a two-factor secret.
      expect(configured.equals(settingsKey("a".repeat(32), dataDir))).toBe(false);
      // Without SECRETS_KEY: the data folder's key file, made once and kept.
      const fromFile = twoFactorKey(parseEnv({ DATA_DIR: dataDir }));
      expect(twoFactorKey(parseEnv({ DATA_DIR: dataDir })).equals(fromFile)).toBe(true);
      expect(fromFile.equals(configured)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the codes", () => {
  // RFC 6238's own test vector (SHA-1, the ASCII secret "12345678901234567890"), cut to six digits.
  const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

  it("are RFC 6238's, a step on either side taken, no further", () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe("287082");
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    const at = 1_111_111_109_000;
    expect(stepOf(RFC_SECRET, "081804", at)).toBe(Math.floor(at / 30_000));
    expect(stepOf(RFC_SECRET, "081804", at + 30_000)).toBe(Math.floor(at / 30_000));
    expect(stepOf(RFC_SECRET, "081804", at + 90_000)).toBeNull();
  });

  it("are read as typed: spaces and dashes aside, case aside for recovery codes", () => {
    expect(totpInput(" 123 456 ")).toBe("123456");
    expect(totpInput("12345")).toBeNull();
    expect(recoveryHash("ABCD-EFGH-JKMN-PQRS")).toBe(recoveryHash("abcdefghjkmnpqrs"));
    expect(recoveryHash("abcd-efgh-jkmn-pqr0")).toBeNull();
  });
});
