import { useState } from "react";
import { ogImagePath } from "#core/lib/og-image.ts";
import { plural } from "#core/lib/format.ts";

/**
 * How the entry will look where people find it before they open it: a
 * Yandex and a Google result, and the card a messenger draws from its Open
 * Graph tags, with counters against what search engines show. The title is
 * the site's as the layout writes it («Заголовок — Бренд»).
 */
type Props = { title: string; description: string; path: string | null; site: { origin: string; brand: string }; published: boolean };

/** About what both engines show before cutting with «…» (characters; they measure in pixels, so this is a guide). */
const TITLE_SHOWN = 60;
const DESCRIPTION_SHOWN = 160;
const DESCRIPTION_MIN = 50;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const chars = (n: number) => `${n.toLocaleString("ru-RU")}\u00a0${plural(n, ["знак", "знака", "знаков"])}`;

export function SnippetPreview({ title, description, path, site, published }: Props) {
  const full = title.trim() ? `${title.trim()} — ${site.brand}` : site.brand;
  const text = description.trim();
  const host = new URL(site.origin).host;
  const crumbs = (path ?? "/").split("/").filter(Boolean);
  const [imageFailed, setImageFailed] = useState(false);
  const titleNote = full.length > TITLE_SHOWN ? `длиннее ${TITLE_SHOWN}: поисковики обрежут конец` : `до ${TITLE_SHOWN} видно целиком`;
  const descriptionNote =
    text.length < DESCRIPTION_MIN ? `нужно не меньше ${DESCRIPTION_MIN}` : text.length > DESCRIPTION_SHOWN ? `видно около ${DESCRIPTION_SHOWN}, остальное обрежут` : "видно целиком";
  return (
    <section className="s-snippet" aria-labelledby="snippet-title">
      <h2 className="s-section__title" id="snippet-title">
        Как увидят в поиске и в мессенджерах
      </h2>
      <ul className="s-snippet__counts">
        <li className={full.length > TITLE_SHOWN ? "s-snippet__warn" : undefined}>
          Заголовок с названием сайта: {chars(full.length)}, {titleNote}
        </li>
        <li className={text.length < DESCRIPTION_MIN ? "s-snippet__over" : text.length > DESCRIPTION_SHOWN ? "s-snippet__warn" : undefined}>
          Описание: {chars(text.length)}, {descriptionNote}
        </li>
      </ul>
      <div className="s-snippet__results">
        <figure className="s-snippet__result s-snippet__result--yandex">
          <figcaption className="s-snippet__engine">Яндекс</figcaption>
          <p className="s-snippet__link">{cut(full, TITLE_SHOWN)}</p>
          <p className="s-snippet__url">{[host, ...crumbs].join(" › ")}</p>
          <p className="s-snippet__text">{cut(text, DESCRIPTION_SHOWN) || "Описания пока нет: поисковик возьмёт кусок текста со страницы."}</p>
        </figure>
        <figure className="s-snippet__result s-snippet__result--google">
          <figcaption className="s-snippet__engine">Google</figcaption>
          <p className="s-snippet__site">{site.brand}</p>
          <p className="s-snippet__url">{[site.origin, ...crumbs].join(" › ")}</p>
          <p className="s-snippet__link">{cut(full, TITLE_SHOWN)}</p>
          <p className="s-snippet__text">{cut(text, DESCRIPTION_SHOWN) || "Описания пока нет."}</p>
        </figure>
        <figure className="s-snippet__result s-snippet__card">
          <figcaption className="s-snippet__engine">Ссылка в мессенджере</figcaption>
          {published && path && !imageFailed ? (
            <img src={ogImagePath(path)} alt="Картинка страницы для соцсетей" width={1200} height={630} loading="lazy" onError={() => setImageFailed(true)} />
          ) : (
            <p className="s-snippet__no-image">Картинку с заголовком сайт нарисует при публикации.</p>
          )}
          <p className="s-snippet__url">{host}</p>
          <p className="s-snippet__card-title">{full}</p>
          <p className="s-snippet__text">{cut(text, DESCRIPTION_SHOWN)}</p>
        </figure>
      </div>
    </section>
  );
}
