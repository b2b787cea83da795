/**
 * The studio's process under the dev server (scripts/dev/index.ts starts it
 * through the studio's room, as the site's server starts server/studio/serve.ts):
 * the same process, its page Vite's (the folder named by the first argument),
 * without releases or previews (there is no code build).
 */
import { runStudioProcess } from "../../server/studio/process.ts";

const filesDir = process.argv[2];
if (!filesDir) throw new Error("scripts/dev/studio.ts: the folder of the studio's page is its argument");
await runStudioProcess({ filesDir, dev: true });
