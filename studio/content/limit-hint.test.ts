import { describe, expect, it } from "vitest";
import { limitHint } from "./limit-hint.ts";
import { type FieldNode, formModel } from "./model.ts";

const field = (type: Parameters<typeof formModel>[0], key: string): FieldNode => {
  const node = formModel(type).fields.find(([k]) => k === key)?.[1];
  if (!node) throw new Error(`${type} has no field ${key}`);
  return node;
};

describe("limits stated under the fields", () => {
  it("says a text's and a list's limit as the schema has it", () => {
    expect(limitHint(field("articles", "title"))).toBe("До 160\u00a0знаков");
    expect(limitHint(field("articles", "description"))).toBe("От 50 до 200\u00a0знаков");
    expect(limitHint(field("articles", "tags"))).toBe("До 30\u00a0тегов");
    expect(limitHint(field("articles", "body"))).toBe("До 50\u00a0000\u00a0знаков");
    expect(limitHint(field("services", "stages"))).toBe("До 50\u00a0пунктов");
    expect(limitHint(field("positions", "responsibilities"))).toBe("До 50\u00a0пунктов");
  });

  it("says nothing where nobody reaches the limit by writing, or where the description already gives it", () => {
    expect(limitHint(field("articles", "slug"))).toBeUndefined();
    expect(limitHint(field("services", "name"))).toBeUndefined();
    expect(limitHint(field("cases", "services"))).toBeUndefined();
    // «От 2 до 6 показателей».
    expect(limitHint(field("cases", "results"))).toBeUndefined();
  });
});
