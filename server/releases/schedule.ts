import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Author } from "./history.ts";
import { acquireLock } from "./store.ts";

/**
 * Publications planned for a moment («Опубликовать 1 декабря в 10:00»). Kept
 * in the releases folder (`schedule.json`), which every server shares, so the
 * plan outlives a restart and any server may carry it out; a server claims a
 * due entry under the schedule's own lock, so exactly one publishes it.
 */
export type Scheduled = {
  id: string;
  /** When to publish, ms since epoch. */
  at: number;
  /** The set's name: the publication's message. */
  message: string;
  /**
   * Exactly what it publishes (decision 030): these content files' saved
   * versions at that moment, or "all" (everything saved, an admin's plan).
   * Plans made before sets existed have none and publish everything.
   */
  entries?: string[] | "all";
  /** The entries as people name them ("articles/slug"), for lists. */
  keys?: string[];
  author: Author;
  /** Who planned it (the studio's login), for the audit log. */
  by: string;
  createdAt: number;
  state: "pending" | "running" | "published" | "failed" | "cancelled";
  claimedBy?: string;
  claimedAt?: number;
  release?: string;
  error?: string;
};

const FILE = "schedule.json";
const LOCK = ".schedule-lock";
/** A claim older than this belongs to a server that died mid-publication: the entry is due again. */
const CLAIM_STALE_MS = 30 * 60_000;
/** Finished entries kept for the history. */
const KEEP_FINISHED = 50;

function read(root: string): Scheduled[] {
  const file = join(root, FILE);
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Scheduled[];
  } catch {
    return [];
  }
}

function write(root: string, list: Scheduled[]): void {
  const finished = list.filter((s) => s.state !== "pending" && s.state !== "running").sort((a, b) => b.at - a.at).slice(0, KEEP_FINISHED);
  const kept = [...list.filter((s) => s.state === "pending" || s.state === "running"), ...finished].sort((a, b) => a.at - b.at);
  const temporary = join(root, `.${FILE}.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(kept, null, 1));
  renameSync(temporary, join(root, FILE));
}

async function change<T>(root: string, work: (list: Scheduled[]) => T): Promise<T> {
  const unlock = await acquireLock(root, 10_000, LOCK);
  if (!unlock) throw new Error("the publication schedule is busy");
  try {
    const list = read(root);
    const result = work(list);
    write(root, list);
    return result;
  } finally {
    unlock();
  }
}

export function listScheduled(root: string): Scheduled[] {
  return read(root);
}

export function schedulePublication(
  root: string,
  plan: { at: number; message: string; author: Author; by: string; entries: string[] | "all"; keys: string[] },
): Promise<Scheduled> {
  return change(root, (list) => {
    const entry: Scheduled = { id: randomUUID(), ...plan, createdAt: Date.now(), state: "pending" };
    list.push(entry);
    return entry;
  });
}

/** Cancels a planned publication; false if it is no longer pending. */
export function cancelScheduled(root: string, id: string): Promise<boolean> {
  return change(root, (list) => {
    const entry = list.find((s) => s.id === id);
    if (entry?.state !== "pending") return false;
    entry.state = "cancelled";
    return true;
  });
}

/** Claims the earliest due entry for this process, if there is one. */
export function claimDue(root: string, now = Date.now()): Promise<Scheduled | null> {
  if (!read(root).some((s) => (s.state === "pending" && s.at <= now) || (s.state === "running" && now - (s.claimedAt ?? 0) > CLAIM_STALE_MS))) {
    return Promise.resolve(null);
  }
  return change(root, (list) => {
    const due = list.find((s) => (s.state === "pending" && s.at <= now) || (s.state === "running" && now - (s.claimedAt ?? 0) > CLAIM_STALE_MS));
    if (!due) return null;
    Object.assign(due, { state: "running", claimedBy: `${hostname()}:${process.pid}`, claimedAt: now });
    return { ...due };
  });
}

export function finishScheduled(root: string, id: string, outcome: { release?: string; error?: string }): Promise<void> {
  return change(root, (list) => {
    const entry = list.find((s) => s.id === id);
    if (!entry) return;
    entry.state = outcome.release ? "published" : "failed";
    if (outcome.release) entry.release = outcome.release;
    if (outcome.error) entry.error = outcome.error;
  });
}
