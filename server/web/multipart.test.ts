import { describe, expect, it } from "vitest";
import { MAX_PARTS, readMultipart } from "./multipart.ts";

const body = (text: string) => Buffer.from(text.replaceAll("\n", "\r\n"));
const one = (head: string, data = "x") => body(`--b\n${head}\n\n${data}\n--b--\n`);

describe("readMultipart", () => {
  it("reads each part's name, file name, type and bytes, in order", () => {
    const bytes = body(
      'preamble\n--b\nContent-Disposition: form-data; name="name"\n\nАнна\n--b\nContent-Disposition: form-data; name=cv; filename="Резюме.pdf"\nContent-Type: application/pdf\n\n%PDF\n--b--\n',
    );
    const read = readMultipart(bytes, "b");
    if ("problem" in read) throw new Error(read.problem);
    expect(read.parts.map((p) => ({ name: p.name, filename: p.filename, type: p.type, data: bytes.subarray(p.start, p.end).toString() }))).toEqual([
      { name: "name", filename: null, type: "", data: "Анна" },
      { name: "cv", filename: "Резюме.pdf", type: "application/pdf", data: "%PDF" },
    ]);
  });

  it.each([
    ['form-data; name="cv"; filename=""', ""],
    ["form-data; name=\"cv\"; filename*=UTF-8''%D0%A0%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5.pdf", "Резюме.pdf"],
    ['form-data; name="cv"; filename="plain.pdf"; filename*=utf-8\'\'%E2%9C%93.pdf', "✓.pdf"],
    ["form-data; name=\"cv\"; filename*=UTF-8''%E0%A4%A.pdf; filename=\"fallback.pdf\"", "fallback.pdf"],
    ["form-data; name=cv; filename=token.pdf", "token.pdf"],
  ])("file name of %s", (disposition, expected) => {
    const read = readMultipart(one(`Content-Disposition: ${disposition}`), "b");
    expect("parts" in read && read.parts[0]?.filename).toBe(expected);
  });

  it.each([
    ["no delimiter at all", body("just text"), "no parts"],
    ["a delimiter not followed by a line break", body("--bX\n\nx\n--b--\n"), "malformed delimiter"],
    ["a part that never ends", body('--b\nContent-Disposition: form-data; name="a"\n\nx'), "unterminated part"],
    ["headers past their limit", one(`Content-Disposition: form-data; name="a"; filename="${"я".repeat(1_100)}"`), "part headers too large"],
    ["a header line without a colon", one('Content-Disposition: form-data; name="a"\nJunk'), "malformed part headers"],
    ["two Content-Dispositions", one('Content-Disposition: form-data; name="a"\nContent-Disposition: form-data; name="b"'), "unknown part"],
    ["no name", one("Content-Disposition: form-data"), "unknown part"],
    ["not form-data", one('Content-Disposition: attachment; name="a"'), "unknown part"],
    ["more parts than allowed", body(`${'--b\nContent-Disposition: form-data; name="a"\n\nx\n'.repeat(MAX_PARTS + 1)}--b--\n`), "too many parts"],
  ])("refuses %s", (_what, bytes, problem) => {
    expect(readMultipart(bytes, "b")).toEqual({ problem });
  });

  it("takes exactly MAX_PARTS parts", () => {
    const read = readMultipart(body(`${'--b\nContent-Disposition: form-data; name="a"\n\nx\n'.repeat(MAX_PARTS)}--b--\n`), "b");
    expect("parts" in read && read.parts.length).toBe(MAX_PARTS);
  });
});

describe("readMultipart with a check", () => {
  it("stops at the first part the check refuses, reading no further", () => {
    const seen: string[] = [];
    const bytes = body(`${'--b\nContent-Disposition: form-data; name="cv"; filename=""\n\n\n'.repeat(80_000)}--b--\n`);
    const read = readMultipart(bytes, "b", (part) => {
      seen.push(part.name);
      return seen.length > 1 ? "unexpected file" : null;
    });
    expect(read).toEqual({ problem: "unexpected file" });
    expect(seen).toHaveLength(2);
  });
});
