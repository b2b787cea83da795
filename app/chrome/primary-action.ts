import { paths } from "#core/lib/paths.ts";

/** The one action the header always offers. */
export const PRIMARY_ACTION = { to: paths.contacts(), label: "Обсудить проект" } as const;
