import { useId, useState } from "react";

/** The widths the site is designed for (the spec's breakpoints). */
export const PREVIEW_WIDTHS = [360, 768, 1440] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

const LABELS: Record<PreviewWidth, string> = { 360: "Телефон, 360 px", 768: "Планшет, 768 px", 1440: "Компьютер, 1440 px" };

/**
 * A page of the site as it will look, framed at one of its three widths
 * (tabs). The frame is the rendered page itself (server/studio/api/preview.ts):
 * the same components, typography and highlighting as the site.
 */
export function PreviewPanel({ url, title }: { url: string; title: string }) {
  const [width, setWidth] = useState<PreviewWidth>(360);
  const id = useId();
  return (
    <div className="s-preview">
      <div className="s-preview__tabs" role="tablist" aria-label="Ширина экрана">
        {PREVIEW_WIDTHS.map((w) => (
          <button
            key={w}
            type="button"
            role="tab"
            id={`${id}-${w}`}
            aria-selected={w === width}
            aria-controls={`${id}-frame`}
            className="s-preview__tab"
            onClick={() => setWidth(w)}
          >
            {LABELS[w]}
          </button>
        ))}
      </div>
      <div className="s-preview__box" role="tabpanel" id={`${id}-frame`} aria-labelledby={`${id}-${width}`}>
        <iframe className={`s-preview__frame s-preview__frame--${width}`} src={url} title={`${title}: ${LABELS[width]}`} />
      </div>
    </div>
  );
}
