import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { paths } from "../lib/paths.ts";
import type { RootData } from "../lib/meta.ts";
import { AppLink } from "../ui/app-link.tsx";
import { type ConsentChoice, noticeNeeded, onConsentChange, saveChoice } from "./consent.ts";
import "./cookie-notice.css";

/**
 * The cookie notice on a first visit; the answer is remembered for a year.
 * With ANALYTICS_REQUIRE_CONSENT it asks (accept / necessary only) and the
 * counter waits; otherwise it informs. Rendered after hydration only: the
 * cookie is the browser's, and prerendered pages are the same for everyone.
 */
export function CookieNotice() {
  const requireConsent = useRouteLoaderData<RootData>("root")?.site.analyticsRequireConsent ?? false;
  const open = useSyncExternalStore(
    onConsentChange,
    () => noticeNeeded(requireConsent),
    () => false,
  );
  if (!open) return null;
  const choose = (choice: ConsentChoice) => saveChoice(choice);
  return (
    <section className="cookie-notice" aria-label="Уведомление о cookie">
      <p>
        Мы используем cookie, чтобы сайт работал,{" "}
        {requireConsent ? "и — если вы согласны — для статистики посещений (Яндекс Метрика)." : "и для статистики посещений (Яндекс Метрика)."}{" "}
        Подробнее — в <AppLink to={paths.cookies()}>правилах использования cookie</AppLink>.
      </p>
      <div className="cookie-notice__actions">
        {requireConsent ? (
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
