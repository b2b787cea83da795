import { describe, expect, it } from "vitest";
import { isStudioPage, safeNext, signInHref } from "./paths.ts";

describe("safeNext", () => {
  it("keeps a studio page, with its query", () => {
    expect(safeNext("/studio/users/")).toBe("/studio/users/");
    expect(safeNext("/studio/journal/?page=2&action=user.create")).toBe("/studio/journal/?page=2&action=user.create");
    expect(safeNext("/studio/content/articles/new-title/")).toBe("/studio/content/articles/new-title/");
  });

  it("sends everything else home: never an open redirect", () => {
    for (const hostile of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/studio//evil.example",
      "/studio/%2F%2Fevil.example",
      "/studio/%5Cevil",
      "/studio/users/%0d%0aSet-Cookie:x",
      "/studio/../admin/",
      "/studio/sign-in/",
      "/services/",
      "javascript:alert(1)",
      "/studio/users/\u2028",
      "",
      null,
      "/studio/" + "a/".repeat(400),
    ]) {
      expect(safeNext(hostile), String(hostile)).toBe("/studio/");
    }
  });

  it("builds the sign-in address that returns there", () => {
    expect(signInHref("/studio/users/")).toBe("/studio/sign-in/?next=%2Fstudio%2Fusers%2F");
    expect(signInHref("/studio/")).toBe("/studio/sign-in/");
    expect(signInHref("//evil.example")).toBe("/studio/sign-in/");
  });
});

describe("isStudioPage", () => {
  it("knows the fixed pages and plain sub-paths of the sections to come", () => {
    expect(isStudioPage("/studio/")).toBe(true);
    expect(isStudioPage("/studio/users/")).toBe(true);
    expect(isStudioPage("/studio/users/anna/")).toBe(false);
    expect(isStudioPage("/studio/content/articles/")).toBe(true);
    expect(isStudioPage("/studio/content/../users/")).toBe(false);
    expect(isStudioPage("/studio/nothing/")).toBe(false);
  });
});
