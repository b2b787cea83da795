import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { plural } from "#core/lib/format.ts";
import type { TrashedPicture } from "#core/studio/media-api.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import { formatDateTime, isoDateTime } from "../lib/format.ts";
import { Button, Table } from "../ui/index.ts";

/**
 * Images deleted in «Медиа», on «Корзина» under the entries: each with its
 * picture, «Восстановить» (back in «Медиа» with its description) and, for
 * admins, «Удалить навсегда» (its bytes removed).
 */
/** What the page's last action answered (trash.tsx's TrashResult, as much as a row shows). */
type Result = { id: string; ok: boolean; message: string };
type Props = { pictures: TrashedPicture[]; canPurge: boolean; result: Result | undefined };

export function TrashedPictures({ pictures, canPurge, result }: Props) {
  if (pictures.length === 0) return null;
  return (
    <section aria-labelledby="trash-pictures">
      <h2 className="s-section__title" id="trash-pictures">
        Изображения
      </h2>
      <Table caption="Удалённые изображения" hideCaption head={["Изображение", "Кто и когда удалил", "Осталось", "Действия"]}>
        {pictures.map((picture) => (
          <PictureRow key={picture.file} picture={picture} canPurge={canPurge} result={result?.id === picture.file ? result : undefined} />
        ))}
      </Table>
    </section>
  );
}

function PictureRow({ picture, canPurge, result }: { picture: TrashedPicture; canPurge: boolean; result: Result | undefined }) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("id") === picture.file && navigation.formData.get("intent") === intent;
  const name = picture.alt ? `«${picture.alt}»` : "без описания";
  return (
    <tr>
      <td>
        <img className="s-trash__picture" src={`${STUDIO_API}/trash/pictures/${picture.file}`} alt={picture.alt} width={picture.width} height={picture.height} loading="lazy" />
        <br />
        {picture.alt || "Без описания"}
      </td>
      <td>
        {picture.deletedBy.name}, <time dateTime={isoDateTime(picture.deletedAt)}>{formatDateTime(picture.deletedAt)}</time>
      </td>
      <td>
        {picture.daysLeft} {plural(picture.daysLeft, ["день", "дня", "дней"])}
      </td>
      <td>
        <Form method="post" className="s-actions">
          <input type="hidden" name="intent" value="restore-picture" />
          <input type="hidden" name="id" value={picture.file} />
          <Button type="submit" variant="primary" busy={busy("restore-picture")} aria-label={`Восстановить изображение ${name}`}>
            Восстановить
          </Button>
        </Form>
        {result && !result.ok ? <p className="s-field__error">{result.message}</p> : null}
        {!canPurge ? null : confirming ? (
          <Form method="post" className="s-actions">
            <input type="hidden" name="intent" value="purge-picture" />
            <input type="hidden" name="id" value={picture.file} />
            <p role="alert">Удалить изображение {name} навсегда? Вернуть его будет нельзя.</p>
            <Button type="submit" variant="danger" busy={busy("purge-picture")}>
              Да, удалить навсегда
            </Button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Отмена
            </Button>
          </Form>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)} aria-label={`Удалить навсегда изображение ${name}`}>
            Удалить навсегда…
          </Button>
        )}
      </td>
    </tr>
  );
}
