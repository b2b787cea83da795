import type * as Http from "node:http";
import { createRequire } from "node:module";

/**
 * node:http, loaded with `require`. Imported as an ES module, Node builds the
 * module's ES face by reading every export once, `WebSocket` among them, and
 * that getter loads undici (Node's fetch client): about 10 MB of a process
 * that serves the site and never fetches (decision 036). Values come from
 * here; `import type` from "node:http" stays as it is (lint enforces both).
 */
const http = createRequire(import.meta.url)("node:http") as typeof Http;

export const { createServer, request, STATUS_CODES } = http;
