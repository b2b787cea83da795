import { ERROR_TEXTS } from "./error-texts.ts";
import { SectionChips } from "./section-chips.tsx";

/** The 404 page (spec, section 2): title, text and the three main sections. */
export default function NotFound() {
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="error-title">{ERROR_TEXTS.notFoundTitle}</h1>
      <p className="error-page__text">{ERROR_TEXTS.notFoundText}</p>
      <SectionChips />
    </section>
  );
}
