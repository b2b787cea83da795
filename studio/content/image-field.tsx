import { useContext, useId, useState } from "react";
import { Button } from "../ui/index.ts";
import { FormState } from "./form-state.ts";
import { GroupError } from "./group-error.tsx";
import { MediaPicker, uploadPreview, useMediaItem } from "./media-picker.tsx";
import { type FieldNode, pathKey } from "./model.ts";

/**
 * An image field (a cover): picked from «Медиа» or uploaded from its picker,
 * never typed. Only a described image can be picked (its alt text goes
 * wherever it is shown; one uploaded here is described here);
 * the field stores its `/uploads/<file>` as the content names uploads.
 */
const HREF = /^\/uploads\/([a-f\d]{24}\.(?:jpg|png|webp|avif))$/;

export function ImageField({ node, path, value }: { node: Extract<FieldNode, { kind: "text" }>; path: Array<string | number>; value: unknown }) {
  const { errors, change } = useContext(FormState);
  const id = useId();
  const key = pathKey(path);
  const error = errors[key] ?? null;
  const file = typeof value === "string" ? (HREF.exec(value)?.[1] ?? null) : null;
  // Loaded with the form: the chosen image's description is shown beside it.
  const chosen = useMediaItem(file);
  const [picking, setPicking] = useState(false);
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
          <img src={uploadPreview(file)} alt={chosen?.alt ?? ""} />
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
        <MediaPicker
          current={file}
          describedOnly
          upload
          onPick={(item) => {
            change(path, `/uploads/${item.file}`);
            setPicking(false);
          }}
        />
      ) : null}
    </fieldset>
  );
}
