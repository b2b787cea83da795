/**
 * The studio process's entry (process.ts): started by the site's server, or
 * alone by `npm run start:studio`. React renders previews here: its
 * production build is chosen before it is first imported, as in server/index.ts.
 */
process.env.NODE_ENV = "production";
const { runStudioProcess } = await import("./process.ts");
await runStudioProcess();

export {};
