import { describe, expect, it } from "vitest";
import { doc, docx, odt, pdf, xlsx, zip } from "../../tests/support/cv-files.ts";
import { cvTypeByName, sniffCvType } from "./file-type.ts";

describe("sniffCvType", () => {
  it.each([
    ["pdf", pdf()],
    ["doc", doc()],
    ["docx", docx()],
    ["odt", odt()],
  ] as const)("recognises %s by its bytes", (type, bytes) => {
    expect(sniffCvType(bytes)).toBe(type);
  });

  it("refuses other content whatever it is called", () => {
    expect(sniffCvType(new TextEncoder().encode("MZ\x90\x00 an executable"))).toBeNull();
    expect(sniffCvType(new TextEncoder().encode("<html><body>cv</body></html>"))).toBeNull();
    expect(sniffCvType(xlsx())).toBeNull();
    expect(sniffCvType(zip([["mimetype", "application/vnd.oasis.opendocument.spreadsheet"]]))).toBeNull();
    const ole = doc();
    ole.fill(0, 1024);
    expect(sniffCvType(ole)).toBeNull();
    expect(sniffCvType(new Uint8Array())).toBeNull();
  });

  it("survives a truncated archive", () => {
    expect(sniffCvType(docx().subarray(0, 60))).toBeNull();
  });
});

describe("cvTypeByName", () => {
  it("reads the extension, any case", () => {
    expect(cvTypeByName("Резюме.DOCX")).toBe("docx");
    expect(cvTypeByName("cv.pdf")).toBe("pdf");
    expect(cvTypeByName("cv.pdf.exe")).toBeNull();
    expect(cvTypeByName("cv")).toBeNull();
  });
});
