import { useEffect, useId, useRef, useState } from "react";

/** The widths the site is designed for (the spec's breakpoints). */
export const PREVIEW_WIDTHS = [360, 768, 1440] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

const LABELS: Record<PreviewWidth, string> = { 360: "Телефон, 360 px", 768: "Планшет, 768 px", 1440: "Компьютер, 1440 px" };

/**
 * A page of the site as it will look, framed at one of its three widths
 * (tabs). The frame is the rendered page itself (server/studio/api/preview.ts):
 * the same components, typography and highlighting as the site. A width the
 * panel has no room for is scaled down to fit, never cropped: the page lays
 * itself out at its width and the frame is shown smaller, all of it in view.
 */
export function PreviewPanel({ url, title }: { url: string; title: string }) {
  const [width, setWidth] = useState<PreviewWidth>(360);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setRoom({ width: element.clientWidth - paddingOf(element), height: Math.round(window.innerHeight * 0.8) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = room && room.width < width ? room.width / width : 1;
  // The frame keeps 80 % of the window's height on screen whatever its scale: a scaled page shows more of itself.
  const height = room ? room.height / scale : 0;
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
      <div className="s-preview__box" role="tabpanel" id={`${id}-frame`} aria-labelledby={`${id}-${width}`} ref={box}>
        <div className="s-preview__stage" style={room ? { inlineSize: `${width * scale}px`, blockSize: `${height * scale}px` } : undefined}>
          <iframe
            className={`s-preview__frame s-preview__frame--${width}`}
            src={url}
            title={`${title}: ${LABELS[width]}${scale < 1 ? `, уменьшено до ${Math.round(scale * 100)} %` : ""}`}
            style={room ? { blockSize: `${height}px`, transform: scale < 1 ? `scale(${scale})` : "none" } : undefined}
          />
        </div>
        {scale < 1 ? <p className="s-field__hint">Страница шириной {width} px показана в масштабе {Math.round(scale * 100)} %.</p> : null}
      </div>
    </div>
  );
}

/** The box's own horizontal padding, which the frame cannot use. */
function paddingOf(element: HTMLElement): number {
  const style = getComputedStyle(element);
  return Number.parseFloat(style.paddingInlineStart) + Number.parseFloat(style.paddingInlineEnd);
}
