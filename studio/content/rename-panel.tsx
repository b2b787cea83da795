import { useEffect, useState } from "react";
import { type EditableType, entryPath, hasOwnPage, isCollectionName } from "#core/content/catalog.ts";
import { api } from "../api/client.ts";
import type { Reference } from "#core/studio/content-api.ts";
import { Button } from "../ui/index.ts";
import { RedirectChoice } from "./redirect-choice.tsx";
import { ReferenceList } from "./reference-list.tsx";

/**
 * Before a slug changes: the old address can answer 301 to a page the person
 * picks (the new address by default), and every place other content names
 * the entry is listed: the save changes them all to the new slug and address
 * (decision 031).
 */
type Props = { type: EditableType; from: string; to: string; pages: Array<{ value: string }>; onCancel(): void; onConfirm(redirectTo: string | null): void };

export function RenamePanel({ type, from, to, pages, onCancel, onConfirm }: Props) {
  const [references, setReferences] = useState<Reference[] | null>(null);
  const ownPage = isCollectionName(type) && hasOwnPage(type);
  const oldPath = isCollectionName(type) ? entryPath(type, from) : "";
  const newPath = isCollectionName(type) ? entryPath(type, to) : "";
  const [redirect, setRedirect] = useState(ownPage);
  const [target, setTarget] = useState(newPath);
  useEffect(() => {
    void api<{ references: Reference[] }>("GET", `/content/${type}/${encodeURIComponent(from)}/references`).then((r) => setReferences(r.references));
    document.getElementById("rename-title")?.focus();
  }, [type, from]);
  const choices = [...new Set([newPath, ...pages.map((p) => p.value)])].filter((p) => p !== oldPath);
  return (
    <section className="s-panel" aria-labelledby="rename-title">
      <h2 id="rename-title" className="s-section__title" tabIndex={-1}>
        Адрес меняется: {from} → {to}
      </h2>
      {ownPage ? (
        <RedirectChoice
          id="rename"
          label={`Перенаправлять старый адрес ${oldPath} (301)`}
          redirect={redirect}
          onRedirect={setRedirect}
          target={target}
          onTarget={setTarget}
          choices={choices}
          name={(path) => (path === newPath ? `${path} (новый адрес)` : path)}
        />
      ) : null}
      <ReferenceList references={references} action="сохранении" follows />
      <div className="s-actions">
        <Button variant="primary" onClick={() => onConfirm(ownPage && redirect ? target : null)}>
          Сохранить с новым адресом
        </Button>
        <Button onClick={onCancel}>Отмена</Button>
      </div>
    </section>
  );
}
