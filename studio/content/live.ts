import { useEffect, useRef, useState } from "react";
import { api } from "../api/client.ts";
import type { Editor, PresenceResult, Values } from "#core/studio/content-api.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";

/** A draft is saved this long after the last change (and at once when the page is left). */
export const DRAFT_DELAY_MS = 2_000;
/**
 * Heartbeat of an open editor; others see it within one beat plus their own, and the editor
 * learns of a colleague's save within one beat (issue 52 asks for 2 s).
 */
export const PRESENCE_EVERY_MS = 1_000;


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
          setStatus(`Черновик сохранён в ${inMoscow(Date.now(), "clock")}`);
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

/**
 * Tells the server this entry is open here, every beat, with the version the editor started
 * from; returns the others who have it open, and a colleague's save of another version (null
 * while the file is the editor's own version).
 */
export function usePresence(type: string, slug: string, baseHash: string | null): { editors: Editor[]; saved: NonNullable<PresenceResult["saved"]> | null } {
  const [editors, setEditors] = useState<Editor[]>([]);
  // A colleague's save, with the version the editor was on when it was heard of.
  const [heard, setHeard] = useState<{ saved: NonNullable<PresenceResult["saved"]>; over: string } | null>(null);
  const base = useRef(baseHash);
  useEffect(() => {
    base.current = baseHash;
  }, [baseHash]);
  useEffect(() => {
    const path = `/content/${type}/${encodeURIComponent(slug)}/presence`;
    let stopped = false;
    const beat = () => {
      const sent = base.current;
      return api<PresenceResult>("POST", path, sent === null ? {} : { baseHash: sent })
        .then((result) => {
          if (stopped) return;
          const others = result.editors.map((e) => ({ ...e, seenAt: 0 }));
          setEditors((before) => (JSON.stringify(before) === JSON.stringify(others) ? before : others));
          // An answer about a version the editor has since moved from (its own save) says nothing.
          const news = result.saved && sent !== null && sent === base.current ? { saved: result.saved, over: sent } : null;
          setHeard((before) => (JSON.stringify(before) === JSON.stringify(news) ? before : news));
        })
        .catch(() => undefined);
    };
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
  // Heard while on another version (before the editor's own save): old news.
  return { editors, saved: heard && heard.over === baseHash && heard.saved.hash !== baseHash ? heard.saved : null };
}
