import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Only one process delivers from an embedded store: the worker skips items
 * it is delivering, which only works inside one process. A lock file holds
 * the owner's pid; a stale one (its process is gone, e.g. after kill -9) is taken over.
 */
export function takeDeliveryLock(dataDir: string): (() => void) | null {
  const file = join(resolve(dataDir), "outbox.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(readFileSync(file, "utf8").trim());
    if (owner !== process.pid && isAlive(owner)) return null;
    rmSync(file, { force: true });
  }
  return null;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
