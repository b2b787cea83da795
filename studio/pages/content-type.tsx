import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { isCollectionName } from "#core/content/catalog.ts";
import type { EntryList } from "#core/studio/content-api.ts";
import { listLoader } from "./content.tsx";
import { ContentList } from "./content-list.tsx";
import { type EntryLoad } from "../content/use-entry-editor.ts";
import { ContentEntry, entryLoader } from "./content-entry.tsx";

/** /content/<type>/: a collection's list, or the form of a document or table (one entry each). */
export function typeLoader(args: LoaderFunctionArgs): Promise<EntryList | EntryLoad> {
  return isCollectionName(args.params.type ?? "") ? listLoader(args) : entryLoader(args);
}

export function TypePage() {
  const data = useLoaderData() as EntryList | EntryLoad;
  return "entries" in data ? <ContentList /> : <ContentEntry />;
}
