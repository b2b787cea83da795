/**
 * Production server entry: `npm start`, the Docker image, the tests.
 * React and React Router load their development builds (several times slower
 * to render, with dev-only checks) unless NODE_ENV says production when they
 * are first imported; this process only ever serves the production build.
 */
process.env.NODE_ENV = "production";
await import("./main.ts");

export {};
