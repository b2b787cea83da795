import { type ComponentType, lazy, Suspense } from "react";
import { hasNavigated, onAppStateChange } from "../runtime/app-state.ts";
import type { FormKind } from "#core/forms/kinds.ts";
// With the page, not with the forms' code: the server's form is styled before it is touched.
import "./forms.css";

/**
 * The forms as pages use them. A form is complete in the server's HTML and
 * works without JavaScript (a plain POST), so its code (fields, validation,
 * sending) need not come with every page: it loads when the visitor first
 * touches a form of that kind (a pointer, focus, key or input inside it), and React
 * hydrates the form then. Until that moment React leaves the server's form as
 * it is (a dehydrated Suspense boundary). After the first client-side
 * navigation forms load at once: a new page has no server HTML to show.
 * The server renders them inline (app/entry.server.tsx waits for everything).
 */
const TOUCH = ["pointerdown", "focusin", "keydown", "input", "change"] as const;
/** Resolves when forms of this kind may load: at once on the server and after a client navigation, else when one is touched. */
function whenNeeded(kind: FormKind): Promise<void> {
  if (typeof document === "undefined" || hasNavigated()) return Promise.resolve();
  return new Promise((open) => {
    const onTouch = (event: Event) => {
      if ((event.target as Element | null)?.closest?.(`[data-form="${kind}"]`)) open();
    };
    for (const type of TOUCH) document.addEventListener(type, onTouch, { capture: true, passive: true });
    onAppStateChange(() => hasNavigated() && open());
  });
}

function deferred<P extends object>(kind: FormKind, load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => whenNeeded(kind).then(load).then((component) => ({ default: component })));
  return function DeferredForm(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const ProjectRequestForm = deferred("project", () => import("./project-form.tsx").then((m) => m.ProjectRequestForm));
export const JobApplicationForm = deferred("job", () => import("./job-form.tsx").then((m) => m.JobApplicationForm));
export const SubscribeForm = deferred("subscribe", () => import("./subscribe-form.tsx").then((m) => m.SubscribeForm));
export const EventRegistrationForm = deferred("event", () => import("./event-form.tsx").then((m) => m.EventRegistrationForm));
