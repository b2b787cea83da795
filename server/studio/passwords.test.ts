import { describe, expect, it } from "vitest";
import { ARGON2, hashPassword, needsRehash, passwordProblem, verifyPassword } from "./passwords.ts";

describe("argon2id hashes", () => {
  it("are PHC strings with today's parameters and a fresh salt, and verify only the right password", async () => {
    const a = await hashPassword("длинный пароль с пробелами");
    const b = await hashPassword("длинный пароль с пробелами");
    expect(a).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`));
    expect(a).not.toBe(b);
    expect(await verifyPassword("длинный пароль с пробелами", a)).toBe(true);
    expect(await verifyPassword("длинный пароль с пробелами!", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("read their parameters from the string, so older ones still verify and are marked for re-hashing", async () => {
    const current = await hashPassword("emoji 🙂 password ok");
    const older = current.replace(/m=\d+,t=\d+/, "m=8192,t=1");
    expect(needsRehash(older)).toBe(true);
    // Same salt, other parameters: a different key, so the password no longer matches the old tag.
    expect(await verifyPassword("emoji 🙂 password ok", older)).toBe(false);
  });

  it("treat no hash, a damaged one or absurd parameters as a failed check (against the dummy), never a throw", async () => {
    expect(await verifyPassword("anything at all", null)).toBe(false);
    expect(await verifyPassword("anything at all", "$argon2id$v=19$m=99999999,t=1,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
    expect(await verifyPassword("anything at all", "plain text")).toBe(false);
  });
});

describe("password rules (ASVS L2)", () => {
  it("take 12 to 128 characters of any kind, counted as a person counts them", () => {
    expect(passwordProblem("short")).toMatch(/короче 12/);
    expect(passwordProblem("🙂🙃😉🤔😎🥳🤖👻🎉🌟🔥x")).toBeNull();
    expect(passwordProblem("a b c d e f g h")).toBeNull();
    expect(passwordProblem("x".repeat(64) + "y".repeat(65))).toMatch(/длиннее 128/);
    expect(passwordProblem("ёлка-палка 2026")).toBeNull();
  });

  it("refuse common passwords, one repeated character and words of the context", () => {
    for (const weak of ["qwerty123456", "QWERTY123456", "1q2w3e4r5t6y", "йцукенгшщзхъ", "aaaaaaaaaaaa", "abababababab", "Ориентир2026!", "password2026", "studio-studio"]) {
      expect(passwordProblem(weak), weak).toMatch(/распространён/);
    }
    expect(passwordProblem("anna.smirnova1", { login: "anna.smirnova" })).toMatch(/распространён/);
    expect(passwordProblem("Смирнова 2026!", { login: "anna", name: "Анна Смирнова" })).toMatch(/распространён/);
    expect(passwordProblem("Смирнова любит кофе", { login: "anna", name: "Анна Смирнова" })).toBeNull();
  });
});
