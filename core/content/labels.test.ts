import { describe, expect, it } from "vitest";
import { fieldLabel } from "./labels.ts";

describe("field labels for messages", () => {
  it("names a field and an item of a list by the schema's titles", () => {
    expect(fieldLabel("articles", "title")).toBe("Заголовок страницы");
    expect(fieldLabel("services", "cases.1")).toMatch(/^Кейсы › №\u00a02$/);
    expect(fieldLabel("articles", "nothing.here")).toBe("nothing › here");
  });
});
