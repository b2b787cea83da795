import { useEffect, useRef, useState } from "react";
import { api } from "../api/client.ts";
import type { Editor, Values } from "#core/studio/content-api.ts";

/** A draft is saved this long after the last change (and at once when the page is left). */
export const DRAFT_DELAY_MS = 2_000;
/** Heartbeat of an open editor; others see it within one beat plus their own. */
export const PRESENCE_EVERY_MS = 4_000;

const clock = new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow", hour: "2-digit", minute: "2-digit", second: "2-digit" });

/**
 * Saves the form as a draft by itself: DRAFT_DELAY_MS after the last change,
 * and when the tab is hidden or closed (a keepalive request outlives it).
 * Returns what to announce: «Черновик сохранён в 12:34:56».
 */
export function useDraft(type: string, slug: string, values: Values, baseHash: string | null, enabled: boolean): string {
  const [status, setStatus] = useState("");
  const latest = useRef({ values, baseHash, enabled, pending: false });
  useEffect(() => {
    latest.current = { values, baseHash, enabled, pending: latest.current.pending };
  });
  const path = `/content/${type}/${encodeURIComponent(slug)}/draft`;

  useEffect(() => {
    if (!enabled) return;
    latest.current.pending = true;
    const timer = setTimeout(() => {
      api("PUT", path, { values, baseHash })
        .then(() => {
          latest.current.pending = false;
          setStatus(`Черновик сохранён в ${clock.format(Date.now())}`);
        })
        .catch(() => setStatus("Черновик не сохранился: нет связи с сервером. Не закрывайте вкладку."));
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path, values, baseHash, enabled]);

  useEffect(() => {
    const flush = () => {
      const now = latest.current;
      if (!now.enabled || !now.pending) return;
      now.pending = false;
      void api("PUT", path, { values: now.values, baseHash: now.baseHash }, { keepalive: true }).catch(() => undefined);
    };
    const onHide = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      flush();
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHide);
    };
  }, [path]);

  return status;
}

/** Tells the server this entry is open here, every few seconds; returns the others who have it open. */
export function usePresence(type: string, slug: string, initial: Editor[] = []): Editor[] {
  const [editors, setEditors] = useState<Editor[]>(initial);
  useEffect(() => {
    const path = `/content/${type}/${encodeURIComponent(slug)}/presence`;
    let stopped = false;
    const beat = () =>
      api<{ editors: Editor[] }>("POST", path, {})
        .then((result) => !stopped && setEditors((before) => (JSON.stringify(before) === JSON.stringify(result.editors.map((e) => ({ ...e, seenAt: 0 }))) ? before : result.editors.map((e) => ({ ...e, seenAt: 0 })))))
        .catch(() => undefined);
    void beat();
    const timer = setInterval(beat, PRESENCE_EVERY_MS);
    const leave = () => void api("POST", path, { leave: true }, { keepalive: true }).catch(() => undefined);
    window.addEventListener("pagehide", leave);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [type, slug]);
  return editors;
}
