/**
 * `npm run publish` (build/runtime/publish.js). React loads its production
 * build only if NODE_ENV says so when it is first imported, as in server/index.ts.
 */
process.env.NODE_ENV = "production";
await import("./command.ts");

export {};
