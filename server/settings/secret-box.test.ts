import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox, settingsKey } from "./secret-box.ts";

describe("secrets sealed for the store", () => {
  it("opens only with the same key and the same setting's name", () => {
    const box = createSecretBox(settingsKey("a key of thirty-two characters or more", "/nonexistent"));
    const sealed = box.seal("setting.webhookSecret", "the CRM's shared secret");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("shared");
    expect(box.seal("setting.webhookSecret", "the CRM's shared secret")).not.toBe(sealed);
    expect(box.open("setting.webhookSecret", sealed)).toBe("the CRM's shared secret");
    expect(box.open("setting.other", sealed)).toBeNull();
    expect(createSecretBox(settingsKey("another key of thirty-two characters", "/nonexistent")).open("setting.webhookSecret", sealed)).toBeNull();
    expect(box.open("setting.webhookSecret", `${sealed.slice(0, -2)}AA`)).toBeNull();
  });

  it("without SECRETS_KEY keeps one key in the data folder, readable by the server's user only", () => {
    const dir = mkdtempSync(join(tmpdir(), "settings-key-"));
    try {
      const key = settingsKey(undefined, dir);
      expect(key).toHaveLength(32);
      expect(settingsKey(undefined, dir).equals(key)).toBe(true);
      expect(statSync(join(dir, "settings.key")).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
