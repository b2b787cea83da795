import { bindShortWords } from "../../scripts/ui-typography.ts";

/**
 * A string of the project's own code as the built server and studio send it: the build binds
 * short words to the next one with U+00A0 (scripts/ui-typography.ts), the source does not.
 */
export const asBuilt = (text: string): string => bindShortWords(text);
