import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { normalizeLogin, passwordLengthProblem, RULE_MESSAGES } from "#core/studio/rules.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

/**
 * Password hashing with argon2id from node:crypto (Node 24.7+), stored as a
 * PHC string that carries its own parameters, so they can be raised later
 * and old hashes still verify (and are re-hashed at the next sign-in).
 * Parameters and why: docs/decisions/018-studio-sign-in.md.
 */
export const ARGON2 = { memory: 19_456, passes: 4, parallelism: 1, tagLength: 32, saltLength: 16 } as const;

/** Hashes at once at most; the rest wait (each takes `memory` KiB while it runs). */
const CONCURRENT_HASHES = 2;
/** Bounds for parameters read from a stored hash: a damaged row must not make one check take minutes. */
const MAX_MEMORY_KIB = 262_144;
const MAX_PASSES = 10;
const MAX_PARALLELISM = 8;

type Params = { memory: number; passes: number; parallelism: number };
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

let running = 0;
const waiting: Array<() => void> = [];

async function derive(password: string, salt: Buffer, params: Params, tagLength: number): Promise<Buffer> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      argon2("argon2id", { message: password.normalize("NFC"), nonce: salt, ...params, tagLength }, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(ARGON2.saltLength);
  const key = await derive(password, salt, ARGON2, ARGON2.tagLength);
  return `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$${b64(salt)}$${b64(key)}`;
}

function parse(hash: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const m = PHC.exec(hash);
  if (!m) return null;
  const params = { memory: Number(m[1]), passes: Number(m[2]), parallelism: Number(m[3]) };
  if (params.memory > MAX_MEMORY_KIB || params.passes > MAX_PASSES || params.parallelism > MAX_PARALLELISM) return null;
  if (params.memory < 8 * params.parallelism || params.passes < 1 || params.parallelism < 1) return null;
  const salt = Buffer.from(m[4] as string, "base64");
  const key = Buffer.from(m[5] as string, "base64");
  return salt.length >= 8 && key.length >= 16 ? { params, salt, key } : null;
}

// A hash of a random password nobody knows, made once: unknown logins are checked against it,
// so they cost the same time as a wrong password for a real one.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString("base64"));
  return dummy;
}

/** Whether `password` matches `hash`; null hash (no such account) checks against the dummy and is always false. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const parsed = parse(hash ?? "");
  const target = parsed ?? parse(await dummyHash());
  if (!target) return false;
  const key = await derive(password, target.salt, target.params, target.key.length);
  return parsed !== null && timingSafeEqual(key, target.key);
}

/** True when a hash was made with other parameters than today's: re-hash it at the next sign-in. */
export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  return !parsed || parsed.params.memory !== ARGON2.memory || parsed.params.passes !== ARGON2.passes || parsed.params.parallelism !== ARGON2.parallelism;
}

/** Words of this service a password must not be made of (ASVS V2.1.7, NIST 800-63B 5.1.1.2). */
const CONTEXT_WORDS = ["ориентир", "orientir", "студия", "studio", "пароль", "password", "parol", "qwerty", "йцукен", "admin", "админ"];

/**
 * The password rules (core/studio/rules.ts) plus what only the server knows:
 * the list of common passwords and words of the context (the service, the
 * login, the person's name) with only digits or punctuation around them.
 */
export function passwordProblem(password: string, context: { login?: string; name?: string } = {}): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  const lower = password.normalize("NFC").toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size <= 2) return RULE_MESSAGES.passwordCommon;
  const core = lower.replace(/[\s\d\p{P}\p{S}]+/gu, "");
  const personal = [context.login ? normalizeLogin(context.login) : "", ...(context.name ?? "").toLowerCase().split(/\s+/)].filter((w) => w.length >= 3);
  for (const word of [...CONTEXT_WORDS, ...personal]) {
    if (core === "" || core === word || core === word.repeat(2) || (lower.includes(word) && core.length <= word.length + 2)) {
      return RULE_MESSAGES.passwordCommon;
    }
  }
  return null;
}
