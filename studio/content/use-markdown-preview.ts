import { useEffect, useState } from "react";
import type { PreviewResult } from "#core/studio/content-api.ts";
import { api, ApiFailure } from "../api/client.ts";

/** A long text's preview (markdown-field.tsx), rendered by the site's own Markdown pipeline on the server; null while the text is empty. */
export function useMarkdownPreview(value: string, nestedUnder: number | undefined): { html: string } | { error: string } | null {
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);

  // The preview follows the text, half a second after typing stops.
  useEffect(() => {
    if (!value.trim()) return;
    const timer = setTimeout(() => {
      api<PreviewResult>("POST", "/content/preview", { markdown: value, ...(nestedUnder ? { nestedUnder } : {}) })
        .then((result) => setPreview({ html: result.html }))
        .catch((failure: unknown) => setPreview({ error: failure instanceof ApiFailure ? failure.message : "Предпросмотр недоступен" }));
    }, 500);
    return () => clearTimeout(timer);
  }, [value, nestedUnder]);

  return value.trim() ? preview : null;
}
