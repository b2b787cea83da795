import { describe, expect, it } from "vitest";
import { eventTime, splitEvents } from "./event-schedule.ts";

const events = [
  { slug: "spring-2025", startsAt: "2025-03-20T10:00:00+03:00", endsAt: "2025-03-20T19:00:00+03:00" },
  { slug: "winter-2027", startsAt: "2027-02-18T10:00:00+03:00" },
  { slug: "today", startsAt: "2026-11-21T12:00:00+03:00", endsAt: "2026-11-21T18:00:00+03:00" },
  { slug: "autumn-2026", startsAt: "2026-10-29T10:00:00+03:00", endsAt: "2026-10-29T19:00:00+03:00" },
  { slug: "december-2026", startsAt: "2026-12-03T12:00:00+03:00" },
];

describe("events order", () => {
  it("lists upcoming events nearest first, then past ones most recent first, by the clock", () => {
    const { upcoming, past } = splitEvents(events, new Date("2026-11-21T13:00:00+03:00"));
    expect(upcoming.map((e) => e.slug)).toEqual(["today", "december-2026", "winter-2027"]);
    expect(past.map((e) => e.slug)).toEqual(["autumn-2026", "spring-2025"]);
  });

  it("moves an event to the past once it has ended, not when it started", () => {
    const later = splitEvents(events, new Date("2026-11-21T15:01:00Z")); // 18:01 Moscow: just over
    expect(later.past.map((e) => e.slug)).toEqual(["today", "autumn-2026", "spring-2025"]);
    const earlier = splitEvents(events, new Date("2025-01-01T00:00:00Z"));
    expect(earlier.past).toEqual([]);
    expect(earlier.upcoming[0]?.slug).toBe("spring-2025");
  });

  it("shows the time as announced at the place, with its zone", () => {
    expect(eventTime({ startsAt: "2025-10-09T19:00:00+03:00", endsAt: "2025-10-09T21:30:00+03:00", timeZone: "Europe/Moscow" })).toBe("19:00–21:30 МСК");
    expect(eventTime({ startsAt: "2026-05-01T10:00:00+05:00", timeZone: "Asia/Tashkent" })).toBe("10:00 UTC+05:00");
  });
});
