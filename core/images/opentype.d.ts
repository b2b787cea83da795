// opentype.js 2 publishes its ES module at this path without types; the API we
// use (parse, glyphs, kerning, paths) is the one @types/opentype.js describes.
declare module "opentype.js/dist/opentype.mjs" {
  export * from "opentype.js";
}
