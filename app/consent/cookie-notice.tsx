import { useSyncExternalStore } from "react";
import { paths } from "#core/lib/paths.ts";
import { isAppReady, whenAppReady } from "../runtime/ready.ts";
import { readRuntimeConfig } from "#core/lib/runtime-config.ts";
import { AppLink } from "../ui/app-link.tsx";
import { type ConsentChoice, noticeNeeded, onConsentChange, saveChoice } from "./consent.ts";
import "./cookie-notice.css";

/** Whether a counter runs at all (PUBLIC_METRIKA_ID), from the runtime configuration the server puts into every page. */
const hasCounter = () => readRuntimeConfig().metrikaId !== null;
/** ANALYTICS_REQUIRE_CONSENT: there is something to ask only when a counter runs. */
const requireConsent = () => hasCounter() && readRuntimeConfig().analyticsRequireConsent === true;

function subscribe(listener: () => void): () => void {
  whenAppReady(listener);
  return onConsentChange(listener);
}

/**
 * The cookie notice on a first visit; the answer is remembered for a year.
 * It names only what runs: without a counter, necessary cookies alone. With
 * a counter and ANALYTICS_REQUIRE_CONSENT it asks (accept / necessary only)
 * and the counter waits (app/runtime/app-runtime.tsx); otherwise it informs.
 * Rendered after hydration only: the cookie is the browser's, and
 * prerendered pages are the same for everyone. It appears at the app's first
 * idle moment: asked while React hydrates, a store whose value differs from
 * the server's makes React render again synchronously inside the task that
 * commits hydration, the longest of the page (decision 022).
 */
export function CookieNotice() {
  const open = useSyncExternalStore(
    subscribe,
    () => isAppReady() && noticeNeeded(requireConsent()),
    () => false,
  );
  if (!open) return null;
  const asks = requireConsent();
  const choose = (choice: ConsentChoice) => saveChoice(choice);
  return (
    <section className="cookie-notice" aria-label="Уведомление о cookie">
      <p>
        {noticeText(asks, hasCounter())} Подробнее — в <AppLink to={paths.cookies()}>правилах использования cookie</AppLink>.
      </p>
      <div className="cookie-notice__actions">
        {asks ? (
          <>
            <button className="button button--primary" type="button" onClick={() => choose("analytics")}>
              Принять
            </button>
            <button className="button" type="button" onClick={() => choose("necessary")}>
              Только необходимые
            </button>
          </>
        ) : (
          <button className="button button--primary" type="button" onClick={() => choose("seen")}>
            Понятно
          </button>
        )}
      </div>
    </section>
  );
}

/** The notice's first sentence: what the cookies are for, naming Yandex Metrica only when it runs. */
export function noticeText(asks: boolean, counter: boolean): string {
  if (!counter) return "Мы используем только необходимые cookie — без них сайт не работает.";
  return asks
    ? "Мы используем cookie, чтобы сайт работал, и — если вы согласны — для статистики посещений (Яндекс Метрика)."
    : "Мы используем cookie, чтобы сайт работал, и для статистики посещений (Яндекс Метрика).";
}
