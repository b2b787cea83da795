import { useEffect, useState } from "react";
import { useAppState } from "./app-state.ts";
import "./progress.css";

/** Fast navigations show nothing; a bar appears only past this delay. */
export const PROGRESS_DELAY_MS = 200;

/** A thin bar at the top of the window while a slow navigation is in flight. */
export function ProgressIndicator() {
  const busy = useAppState((s) => s.navigating && !s.chunkFailure);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);

  if (!visible) return null;
  return <div className="nav-progress" role="progressbar" aria-label="Загрузка страницы" />;
}
