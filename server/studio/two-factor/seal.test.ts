import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
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
    const parts = sealed.split(".");
    parts[4] = `${parts[4]?.slice(0, -2)}AA`;
    expect(unseal(parts.join("."), key)).toBeNull();
    expect(unseal("nonsense", key)).toBeNull();
  });

  it("takes its key from STUDIO_TOTP_KEY (base64 or hex), else derives one from the webhook's secret", () => {
    const bytes = randomBytes(32);
    expect(twoFactorKey(parseEnv({ STUDIO_TOTP_KEY: bytes.toString("base64") }))).toEqual({ key: bytes, derived: false });
    expect(twoFactorKey(parseEnv({ STUDIO_TOTP_KEY: bytes.toString("hex") }))).toEqual({ key: bytes, derived: false });
    expect(() => parseEnv({ STUDIO_TOTP_KEY: "too short" })).toThrow(/STUDIO_TOTP_KEY: must be 32 bytes/);
    const plain = twoFactorKey(parseEnv({}));
    const withWebhook = twoFactorKey(parseEnv({ LEADS_WEBHOOK_SECRET: "a webhook secret of the agency" }));
    expect(plain.derived && withWebhook.derived).toBe(true);
    expect(plain.key).toHaveLength(32);
    expect(withWebhook.key.equals(plain.key)).toBe(false);
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
