/**
 * Production server entry: `npm start`, the Docker image, the tests.
 * React and React Router load their development builds (several times slower
 * to render, with dev-only checks) unless NODE_ENV says production when they
 * are first imported; this process only ever serves the production build.
 */
import { installSiteFetchClasses } from "./web/install.ts";

process.env.NODE_ENV = "production";
// Before anything makes a Request or a Response: the process serving the site never loads undici
// (decision 036). Only here: a test's own process keeps Node's classes for its fetch.
installSiteFetchClasses();
const { startSite } = await import("./main.ts");
await startSite();

export {};
