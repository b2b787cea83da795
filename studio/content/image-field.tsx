import { useContext, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { MediaItem, MediaList } from "#core/studio/media-api.ts";
import { pages, STUDIO_API } from "#core/studio/paths.ts";
import { api, ApiFailure } from "../api/client.ts";
import { Button } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { GroupError } from "./group-error.tsx";
import { type FieldNode, pathKey } from "./model.ts";

/**
 * An image field (a cover): picked from «Медиа», never typed. Only a
 * described image can be picked (its alt text goes wherever it is shown);
 * the field stores its `/uploads/<file>` as the content names uploads.
 */
const HREF = /^\/uploads\/([a-f\d]{24}\.(?:jpg|png|webp|avif))$/;
const preview = (file: string) => `${STUDIO_API}/content/uploads/${file}`;

export function ImageField({ node, path, value }: { node: Extract<FieldNode, { kind: "text" }>; path: Array<string | number>; value: unknown }) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const key = pathKey(path);
  const error = errors[key] ?? null;
  const file = typeof value === "string" ? (HREF.exec(value)?.[1] ?? null) : null;
  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  useEffect(() => {
    let live = true;
    void api<MediaList>("GET", "/media")
      .then((list) => live && setLibrary(list.items))
      .catch((failure: unknown) => live && setFailed(failure instanceof ApiFailure ? failure.message : "Не удалось открыть «Медиа»"));
    return () => {
      live = false;
    };
  }, []);
  const chosen = library?.find((item) => item.file === file) ?? null;
  const q = query.trim().toLowerCase();
  const choices = (library ?? []).filter((item) => !q || [item.alt, item.caption].some((text) => text.toLowerCase().includes(q)));
  const label = node.required ? node.title : `${node.title} (необязательно)`;
  return (
    <fieldset className="s-group s-image-field" aria-describedby={[error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ")}>
      <legend className="s-group__legend">{label}</legend>
      <p className="s-field__hint" id={`${id}-hint`}>
        {node.description}
      </p>
      {error ? <GroupError id={`${id}-error`} text={error} /> : null}
      {file ? (
        <div className="s-image-field__current">
          <img src={preview(file)} alt={chosen?.alt ?? ""} />
          <p>{chosen ? chosen.alt || "Без описания" : "Изображение из «Медиа»"}</p>
        </div>
      ) : (
        <p>Не выбрана.</p>
      )}
      <div className="s-actions">
        <Button onClick={() => setPicking(!picking)} aria-expanded={picking}>
          {file ? "Выбрать другую" : "Выбрать из «Медиа»"}
        </Button>
        {file ? (
          <Button variant="quiet" onClick={() => change(path, undefined)}>
            Убрать
          </Button>
        ) : null}
      </div>
      {picking ? (
        <div className="s-image-field__picker">
          {failed ? <p className="s-field__error">{failed}</p> : null}
          <label className="s-field__label" htmlFor={`${id}-q`}>
            Найти в «Медиа»
          </label>
          <input id={`${id}-q`} className="s-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          {library !== null && library.length === 0 ? (
            <p>
              В «Медиа» пока пусто: <Link to={pages.media}>загрузите изображения</Link> и вернитесь.
            </p>
          ) : null}
          <ul className="s-media__grid">
            {choices.map((item) => (
              <li key={item.file} className="s-media__card">
                <button
                  type="button"
                  className="s-media__open"
                  disabled={!item.alt}
                  aria-pressed={item.file === file}
                  onClick={() => {
                    change(path, `/uploads/${item.file}`);
                    setPicking(false);
                  }}
                >
                  <img src={preview(item.file)} alt="" width={item.width} height={item.height} loading="lazy" />
                  <span className="s-media__alt">{item.alt || "Без описания: опишите его в «Медиа», чтобы выбрать"}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
