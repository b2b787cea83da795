import { resolve } from "node:path";
import { env } from "./env.server.ts";

/**
 * Where the server finds its files. Everything is relative to the working
 * directory (the project root for `npm start`, the image's WORKDIR in Docker),
 * because bundled code cannot rely on its own location.
 */
export const CONTENT_DIR = resolve(env.CONTENT_DIR);
/** The content shipped with the code (a checkout's or the image's): what a new content folder starts from. */
export const SHIPPED_CONTENT_DIR = resolve("content");
export const BUILD_DIR = resolve("build");
export const CLIENT_DIR = resolve(BUILD_DIR, "client");
/** The studio's browser app (studio/, built by scripts/build-studio.ts), served under /studio/. */
export const STUDIO_DIR = resolve(BUILD_DIR, "studio");
/** The production server, bundled by the build (scripts/build.ts); `npm start` runs it. */
export const RUNTIME_DIR = resolve(BUILD_DIR, "runtime");
