import { useRef, useState } from "react";
import type { EntryData, SaveResult, Saver, Values } from "#core/studio/content-api.ts";

/**
 * The saved version an entry's editor stands on (use-entry-editor.ts): its values, the hash a
 * save starts from, the values both sides of a conflict started from, who saved it, its state.
 */
export function useSavedVersion(data: EntryData & { isNew: boolean }) {
  const [saved, setSaved] = useState<Values>(data.values);
  const [baseHash, setBaseHash] = useState<string | null>(data.isNew ? null : data.hash);
  // The entry as it was at baseHash: what both sides of a conflict started from (merge.ts).
  const baseValues = useRef<Values | null>(data.isNew ? null : data.values);
  // Who saved what a publication from here would put live (a save here makes it this person).
  const [savers, setSavers] = useState<Saver[]>(data.savers);
  // The entry's state as of the last save or load (a publication from here reloads the page's data).
  const loadedLife = JSON.stringify(data.life);
  const [savedLife, setSavedLife] = useState<{ over: string; life: EntryData["life"] } | null>(null);
  const life = savedLife?.over === loadedLife ? savedLife.life : data.life;

  /** A save went through: `current` as typed, `cleaned` as sent, over the hash `over`, by `me`. */
  const savedAs = (current: Values, cleaned: Values, result: SaveResult, over: string | null, me: { name: string; login: string }) => {
    setSaved(current);
    setBaseHash(result.hash);
    baseValues.current = cleaned;
    if (result.hash !== over) setSavers((list) => [{ name: me.name, login: me.login, at: Date.now() }, ...list.filter((s) => s.login !== me.login)]);
    setSavedLife({ over: loadedLife, life: result.life });
  };

  /** The version the form saves over now (a colleague's, taken in). */
  const standOn = (version: Values, hash: string | null) => {
    setSaved(version);
    baseValues.current = version;
    setBaseHash(hash);
  };
  /** The entry as both sides of a conflict started from, set where the form takes a version. */
  const setBaseValues = (next: Values | null) => {
    baseValues.current = next;
  };

  return { saved, setSaved, baseHash, setBaseHash, baseValues, setBaseValues, savers, setSavers, life, savedAs, standOn };
}

export type SavedVersion = ReturnType<typeof useSavedVersion>;
