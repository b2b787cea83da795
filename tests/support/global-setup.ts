import type { TestProject } from "vitest/node";
import { startServer, stopServer } from "./server.ts";

/** One production server for every site test; the build must exist (`npm test` builds first). */
export const SITE_PORT = 3999;

export default async function setup(project: TestProject) {
  const server = await startServer(SITE_PORT);
  project.provide("baseUrl", `http://127.0.0.1:${SITE_PORT}`);
  return async () => stopServer(server);
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
