/**
 * `npm run studio` (build/runtime/studio.js): studio accounts from the command
 * line, bundled with the server so the Docker image has it too
 * (`docker exec <container> node build/runtime/studio.js user add …`).
 */
await import("./command.ts");

export {};
