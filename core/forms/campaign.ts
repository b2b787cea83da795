import { landingOfPath, type VariantKey, variantKey } from "../landings/variants.ts";

/**
 * What a request sent from a landing's form says of its campaign (issue 59): the landing (from
 * the page it was sent from), the variant of the headline test the visitor saw and the label the
 * marketer gave the form. Written into the page by the form (hidden fields), never typed.
 */
export const CAMPAIGN_FIELDS = { variant: "campaign_variant", label: "campaign_label" } as const;

export type Campaign = { landing: string; variant: VariantKey | null; label: string | null };

/** The longest label kept (a slug of the schema's own bound). */
const LABEL_MAX = 100;
const LABEL = /^[a-z\d]+(?:-[a-z\d]+)*$/;

/** The campaign of a request sent from `page`, or null for a page that is no landing; odd values are dropped, never an error. */
export function readCampaign(page: string, variant: unknown, label: unknown): Campaign | null {
  const landing = landingOfPath(page);
  if (landing === null) return null;
  const cleanLabel = typeof label === "string" && label.length <= LABEL_MAX && LABEL.test(label) ? label : null;
  return { landing, variant: variantKey(variant), label: cleanLabel };
}
