import { z } from "zod";

/**
 * zod 4 compiles object validators with `new Function`, first probing whether it may. Under the
 * studio's `script-src 'self'` the probe is refused and reported as a CSP violation on every
 * screen (zod catches the refusal, the browser still reports it): the studio asks zod never to
 * try. Imported first by main.tsx, since zod reads the setting as each schema is made.
 */
z.config({ jitless: true });
