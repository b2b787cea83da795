/**
 * Validates every content file and cross-reference, printing all problems and
 * the size of each collection: `npm run content:check`.
 */
import { content } from "#core/content/index.server.ts";

try {
  const all = content();
  for (const [name, value] of Object.entries(all)) {
    const size = Array.isArray(value) ? `${value.length} entries` : "document";
    console.log(`${name.padEnd(12)} ${size}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
