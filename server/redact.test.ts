import { describe, expect, it } from "vitest";
import { redact } from "./redact.ts";

describe("redact", () => {
  it("removes addresses, phones and the person's own words; keeps codes, hosts, ports and dates", () => {
    const text = redact("550 5.1.1 <oleg.otkazov@mail.example>: Recipient address rejected: Олег Отказов, +7 912 555-01-02, 8 (912) 345-67-89", [
      "Олег Отказов",
    ]);
    expect(text).toBe("550 5.1.1 <[email]>: Recipient address rejected: [redacted] [redacted], [phone], [phone]");
    const kept = "connect ECONNREFUSED 10.20.30.40:5432 at 2026-11-29T07:00:00Z (outbox 12) in /app/node_modules/@scope/pkg/index.js:120:7";
    expect(redact(kept)).toBe(kept);
  });
});
