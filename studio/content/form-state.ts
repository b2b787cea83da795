import { createContext } from "react";
import type { Option } from "./model.ts";

/** What every control of a generated form reads: its error, the options of references, how to change a value. */
export type FormContext = {
  errors: Record<string, string>;
  options: Record<string, Option[]>;
  change(path: ReadonlyArray<string | number>, value: unknown): void;
  /** Paths that may not be edited (a legal page's slug, a slug in some types). */
  readOnly?: ReadonlySet<string>;
  /** The entry's type: what pickers ask the API about (the tags its collection uses). */
  type?: string;
  /** The whole entry as the form holds it: what a field made from another one (a code from a name) reads. */
  values?: unknown;
};

export const FormState = createContext<FormContext>({ errors: {}, options: {}, change: () => {} });
