import { lazy, Suspense, useState } from "react";

/**
 * A long text, edited visually or as Markdown (decision 033): both editors
 * load with the first form that needs them, each in a chunk of its own, and
 * the choice of a person is kept in their browser for the next texts. A text
 * the visual editor cannot read opens as Markdown, with a notice saying so,
 * instead of breaking the entry's page.
 */
const MarkdownField = lazy(() => import("./markdown-field.tsx").then((module) => ({ default: module.MarkdownField })));
const VisualField = lazy(() => import("./visual/visual-field.tsx").then((module) => ({ default: module.VisualField })));

type Mode = "visual" | "markdown";
const MODE_KEY = "studio:text-mode";

function storedMode(): Mode {
  try {
    return localStorage.getItem(MODE_KEY) === "markdown" ? "markdown" : "visual";
  } catch {
    return "visual";
  }
}

type Props = { label: string; hint: string | undefined; error: string | null; value: string; onChange: (value: string) => void; nestedUnder?: number };

export function LongTextField(props: Props) {
  const [mode, setMode] = useState<Mode>(storedMode);
  // Not kept in the browser: the next text, or this one edited, may well be read.
  const [unreadable, setUnreadable] = useState(false);
  const visual = mode === "visual" && !unreadable;
  const choose = (next: Mode) => {
    setUnreadable(false);
    setMode(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // A browser that keeps nothing: the choice lasts as long as the page.
    }
  };
  const modeSwitch = (
    <span className="s-markdown__modes" role="group" aria-label={`Вид редактора: ${props.label}`}>
      <button type="button" className="s-button s-button--quiet" aria-pressed={visual} onClick={() => choose("visual")}>
        Визуально
      </button>
      <button type="button" className="s-button s-button--quiet" aria-pressed={!visual} onClick={() => choose("markdown")}>
        Markdown
      </button>
    </span>
  );
  return (
    <Suspense fallback={<p className="s-field__hint">Загружаем редактор текста…</p>}>
      {visual ? (
        <VisualField label={props.label} hint={props.hint} error={props.error} value={props.value} onChange={props.onChange} modeSwitch={modeSwitch} onUnreadable={() => setUnreadable(true)} />
      ) : (
        <MarkdownField {...props} modeSwitch={modeSwitch} notice={unreadable ? "Этот текст открыт как Markdown: визуальный редактор его не разобрал." : undefined} />
      )}
    </Suspense>
  );
}
