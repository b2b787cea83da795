import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describesUpload, parseSidecar, UPLOAD_NAME, UPLOADS_FOLDER, type UploadInfo } from "#core/content/uploads.server.ts";
import { renditionsOf } from "../../releases/uploads.ts";
import { BACKGROUND, type ImagePool } from "./pool.ts";

/**
 * An upload's published copies (AVIF and WebP at its widths, its Open Graph
 * picture at its focal point: server/releases/uploads.ts), drawn once it is
 * stored and answered, into the images cache every release shares, so the
 * next publication that shows it finds them there and encodes nothing (issue
 * 52). The work runs in the image pool's child, under BACKGROUND: a copy at a
 * time, each only when no person's upload waits, so a person waits behind at
 * most one copy. Pictures are drawn one after another in the order they came.
 * Nothing here is needed: a copy not drawn (the pool refused it, the child
 * failed, the studio stopped) is drawn by the release that shows the picture,
 * as before; the focal point moved since, the release draws that picture again.
 */
export type Renditions = {
  /** Queues the copies of `<hash>.<ext>` just stored in the content's uploads. */
  draw(file: string): void;
  /** Resolves once nothing is queued or being drawn (tests, the benchmark). */
  idle(): Promise<void>;
  /** Drops what is queued; the copy being drawn is finished or stopped by the pool. */
  stop(): void;
};

/** Pictures waiting at most; past that, more are left to the release (a burst of uploads with the pool busy elsewhere). */
const MAX_WAITING = 1_000;

export type RenditionsOptions = {
  pool: ImagePool;
  contentDir: string;
  /** The folder of the releases' images cache the copies go to (cacheDir(root, "images")/uploads). */
  out: string;
  /** A copy not drawn: said without personal data (the picture's content hash, the reason), never thrown. */
  warn: (message: string, fields: Record<string, unknown>) => void;
};

export function createRenditions(options: RenditionsOptions): Renditions {
  const waiting = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;

  /** The picture's description as it is now (a replacing file has just taken the old one's focal point), or null: gone, or not its own. */
  async function described(file: string): Promise<UploadInfo | null> {
    const match = UPLOAD_NAME.exec(file);
    if (!match) return null;
    try {
      const info = parseSidecar(await readFile(join(options.contentDir, UPLOADS_FOLDER, `${match[1]}.json`), "utf8"));
      return info && describesUpload(info, match[2] as string) ? info : null;
    } catch {
      // Deleted in «Медиа» meanwhile, or a damaged sidecar: nothing a release would publish.
      return null;
    }
  }

  async function drawOne(file: string): Promise<void> {
    const info = await described(file);
    if (!info) return;
    const hash = file.slice(0, 24);
    await mkdir(options.out, { recursive: true });
    for (const rendition of renditionsOf(hash, info)) {
      if (stopped) return;
      if (existsSync(join(options.out, rendition.file))) continue;
      const source = join(options.contentDir, UPLOADS_FOLDER, file);
      const answer = await options.pool.run(BACKGROUND, { kind: "rendition", source, rendition, out: options.out });
      if ("refused" in answer) {
        // The rest of this picture would most likely be refused the same way: its release draws them.
        if (!stopped) options.warn("studio: an upload's copies were not drawn ahead; the release that shows it will draw them", { upload: hash, copy: rendition.file, reason: answer.refused });
        return;
      }
    }
  }

  async function drain(): Promise<void> {
    for (let next = first(waiting); next !== undefined && !stopped; next = first(waiting)) {
      waiting.delete(next);
      try {
        await drawOne(next);
      } catch (error) {
        options.warn("studio: an upload's copies were not drawn ahead; the release that shows it will draw them", { upload: next.slice(0, 24), reason: (error as Error).message });
      }
    }
    running = null;
  }

  return {
    draw(file) {
      if (stopped || waiting.has(file)) return;
      if (waiting.size >= MAX_WAITING) {
        options.warn("studio: too many uploads waiting for their copies; the release that shows them will draw them", { upload: file.slice(0, 24) });
        return;
      }
      waiting.add(file);
      running ??= drain();
    },
    idle: async () => {
      while (running) await running;
    },
    stop() {
      stopped = true;
      waiting.clear();
    },
  };
}

const first = (set: Set<string>): string | undefined => set.values().next().value;
