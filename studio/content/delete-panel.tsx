import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { type CollectionName, entryPath, entryWords, hasOwnPage, SECTION_PATHS } from "#core/content/catalog.ts";
import { api, ApiFailure } from "../api/client.ts";
import type { Reference, Refusal } from "#core/studio/content-api.ts";
import { TRASH_DAYS } from "#core/studio/trash-api.ts";
import { Button, Notice } from "../ui/index.ts";
import { contentHref } from "./paths.ts";
import { RedirectChoice } from "./redirect-choice.tsx";
import { ReferenceList } from "./reference-list.tsx";

/**
 * Deleting an entry (to «Корзина», for 30 days): where it is referred to (a delete that would break a
 * reference is refused by the server), and, for an entry that was ever on the
 * site, a 301 from its address to a page the person picks (the section's list by default).
 * The redirects that lead to its address are listed apart: the same delete leads them to
 * that page (no chain); without it the server refuses, naming them.
 */
type Props = { type: CollectionName; slug: string; /** What people call the entry (its title, not its address). */ title: string; baseHash: string; pages: Array<{ value: string }>; everPublished: boolean; onCancel(): void };

export function DeletePanel({ type, slug, title, baseHash, pages, everPublished, onCancel }: Props) {
  const navigate = useNavigate();
  const [references, setReferences] = useState<Reference[] | null>(null);
  // A redirect keeps an address people may have: a never-published entry has none.
  const ownPage = hasOwnPage(type) && everPublished;
  const oldPath = entryPath(type, slug);
  // Old addresses that lead here: they must lead somewhere else once the page is gone.
  const leading = hasOwnPage(type) ? (references ?? []).filter((r) => r.type === "redirects") : [];
  const others = references === null ? null : references.filter((r) => !leading.includes(r));
  const offered = ownPage || leading.length > 0;
  const [redirect, setRedirect] = useState(hasOwnPage(type));
  const [target, setTarget] = useState(SECTION_PATHS[type]);
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api<{ references: Reference[] }>("GET", `/content/${type}/${encodeURIComponent(slug)}/references`).then((r) => setReferences(r.references));
    document.getElementById("delete-title")?.focus();
  }, [type, slug]);
  const choices = [...new Set([SECTION_PATHS[type], ...pages.map((p) => p.value)])].filter((p) => p !== oldPath);

  async function remove() {
    setBusy(true);
    try {
      const done = await api<{ message: string }>("POST", `/content/${type}/${encodeURIComponent(slug)}/delete`, { baseHash, ...(offered && redirect ? { redirect: { to: target } } : {}) });
      navigate(contentHref(type), { replace: true, state: { notice: done.message } });
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      const data = failure.data as Partial<Refusal>;
      setRefusal({ message: failure.message, problems: data.problems ?? [] });
      if (data.references) setReferences(data.references);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="s-panel s-panel--danger" aria-labelledby="delete-title">
      <h2 id="delete-title" className="s-section__title" tabIndex={-1}>
        {entryWords(type).remove} «{title}»?
      </h2>
      <p>Запись попадёт в «Корзину» и пробудет там {TRASH_DAYS} дней: её можно будет восстановить вместе с адресом. С сайта она исчезнет после публикации.</p>
      <ReferenceList references={others} action="удаления" />
      {leading.length > 0 ? (
        <div className="s-prose" role="region" aria-label="Перенаправления на эту запись">
          <p>
            На адрес {oldPath} ведут перенаправления ({leading.length}).{" "}
            {redirect
              ? `После удаления они поведут ${ownPage ? "туда же, куда и\u00a0адрес записи: " : ""}на\u00a0${target}.`
              : "Без перенаправления запись не\u00a0удалить: им некуда будет вести."}
          </p>
          <ul>
            {leading.map((ref) => (
              <li key={ref.title}>{ref.title}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {offered ? (
        <RedirectChoice
          id="delete"
          label={ownPage ? `Перенаправлять адрес ${oldPath} (301)` : `Перенаправлять старые адреса, что ведут на\u00a0${oldPath} (301)`}
          redirect={redirect}
          onRedirect={(on) => {
            setRedirect(on);
            setRefusal(null);
          }}
          target={target}
          onTarget={setTarget}
          choices={choices}
        />
      ) : null}
      {refusal ? (
        <Notice tone="error">
          {refusal.message}
          {refusal.problems.length > 0 ? (
            <ul>
              {refusal.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      <div className="s-actions">
        <Button variant="danger" busy={busy} onClick={() => void remove()}>
          Удалить
        </Button>
        <Button onClick={onCancel}>Отмена</Button>
      </div>
    </section>
  );
}
