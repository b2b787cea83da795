import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkRecovery, recoverAfterReload } from "./runtime/chunk-recovery.ts";
import { reportRouterError } from "./runtime/errors.ts";
import { navigationInstrumentation } from "./runtime/navigation-middleware.ts";

// React Router's defaults, plus the runtime's two hooks into the router:
// navigation instrumentation (addresses with their hash) and onError (app error state).
// No StrictMode: it does nothing in production, and every byte here counts against
// the home page's budget (tests/browser/budgets.test.ts).
installChunkRecovery();

if (!recoverAfterReload()) {
  startTransition(() => {
    hydrateRoot(document, <HydratedRouter instrumentations={[navigationInstrumentation]} onError={reportRouterError} />);
  });
}
