import { describe, expect, it } from "vitest";
import { imageKeys, nameSlug } from "./keys.ts";

describe("image names", () => {
  it("transliterates client names into stable file names", () => {
    expect(nameSlug("Банк Заречье")).toBe("bank-zareche");
    expect(nameSlug("Знание+")).toBe("znanie-plus");
    expect(nameSlug("Автопарк 24")).toBe("avtopark-24");
    expect(nameSlug("PixelFit")).toBe("pixelfit");
  });

  it("ignores the no-break spaces typography adds to names", () => {
    expect(imageKeys.clientLogo("Дом и\u00a0сад")).toBe(imageKeys.clientLogo("Дом и сад"));
  });
});
