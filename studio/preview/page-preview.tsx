import { useState } from "react";
import { useFetcher } from "react-router";
import type { ReleasesResult } from "../pages/releases/actions.ts";
import { Button, TextField } from "../ui/index.ts";
import { PreviewPanel } from "./preview-panel.tsx";

/** Any page of the site as saved, before it is published: its address, then the frames. */
export function PagePreview() {
  const fetcher = useFetcher<ReleasesResult>();
  const [path, setPath] = useState("/");
  const result = fetcher.data;
  return (
    <section className="s-section" aria-labelledby="preview">
      <h2 className="s-section__title" id="preview">
        Просмотр перед публикацией
      </h2>
      <fetcher.Form method="post" className="s-form s-form--filters">
        <input type="hidden" name="intent" value="preview" />
        <TextField
          label="Адрес страницы"
          name="path"
          value={path}
          onChange={(event) => setPath(event.target.value)}
          hint="Например /academy/ или /services/seo/: страница покажется такой, какой станет после публикации сохранённых правок."
          error={result && !result.ok ? (result.errors.path ?? result.message ?? null) : null}
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" busy={fetcher.state !== "idle"}>
          Показать
        </Button>
      </fetcher.Form>
      {result?.ok && result.url ? <PreviewPanel url={result.url} title={`Страница ${path}`} /> : null}
    </section>
  );
}
