import { describe, expect, it } from "vitest";
import { COLLECTION_CATALOG, DOCUMENT_CATALOG, type EditableType, TABLE_CATALOG } from "./catalog.ts";
import { FORM_GROUP_TITLE_MAX, FORM_GROUPS_MAX } from "./fields.ts";
import { schemaJson } from "./labels.ts";

type Groups = Array<{ title: string; fields: string[] }>;
const types = [...Object.keys(COLLECTION_CATALOG), ...Object.keys(DOCUMENT_CATALOG), ...Object.keys(TABLE_CATALOG)] as EditableType[];

describe("the sections of the studio's forms", () => {
  it.each(types)("%s: a form of more than one field has sections naming each field once, within bounds", (type) => {
    const json = schemaJson(type) as { properties?: Record<string, unknown>; "x-groups"?: Groups };
    const fields = Object.keys(json.properties ?? {});
    const groups = json["x-groups"];
    if (fields.length < 2) return expect(groups).toBeUndefined();
    expect(groups, `${type} declares no sections`).toBeDefined();
    const named = (groups ?? []).flatMap((group) => group.fields);
    expect([...named].sort()).toEqual([...fields].sort());
    expect(new Set(named).size).toBe(named.length);
    expect((groups ?? []).length).toBeLessThanOrEqual(FORM_GROUPS_MAX);
    for (const group of groups ?? []) {
      expect(group.fields.length).toBeGreaterThan(0);
      expect(group.title.length).toBeLessThanOrEqual(FORM_GROUP_TITLE_MAX);
    }
  });
});
