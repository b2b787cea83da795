import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres.ts";

/** One PostgreSQL for the site tests of the PostgreSQL backend (see postgres.ts). */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresAdminUrl", server.adminUrl);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
