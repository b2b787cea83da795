import { readFileSync } from "node:fs";
import { cpuMicros, rssMb } from "../support.ts";

/**
 * The server's processes: the one started and every process under it (a
 * studio in a process of its own, a worker process), read from /proc on each
 * call, since children may come and go. Linux only.
 */
export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    const parent = all[i] as number;
    try {
      const children = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim();
      if (children) all.push(...children.split(/\s+/).map(Number));
    } catch {
      // Gone meanwhile.
    }
  }
  return all;
}

/** What a reading of each process gives, summed over those still there. */
function sum(pids: number[], read: (pid: number) => number): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += read(pid);
    } catch {
      // Exited between listing and reading.
    }
  }
  return total;
}

/** CPU time used so far by the server's processes, user and system, in seconds. */
export const treeCpuSeconds = (pid: number): number => sum(processTree(pid), cpuMicros) / 1e6;

/** Resident memory of the server's processes together, in MB. */
export const treeRssMb = (pid: number): number => sum(processTree(pid), rssMb);
