import { describe, expect, it } from "vitest";
import { paymentPlanScheduleCalendar, paymentPlanScheduleEvents } from "#common/payment-plan-calendar";

const input = {
  paymentPlanId: "plan-1",
  instalments: [
    { id: "i-2", instalmentNumber: 2, dueDate: "2026-02-01", amount: 10000 },
    { id: "i-1", instalmentNumber: 1, dueDate: "2026-01-01", amount: 10001 },
    { id: "i-3", instalmentNumber: 3, dueDate: "2026-03-01", amount: 123456 },
  ],
  cardLast4: "4242",
  origin: "https://app.example",
};

describe("paymentPlanScheduleCalendar", () => {
  it("has one all-day event per instalment, in order, with a stable UID and the amount", () => {
    const events = paymentPlanScheduleEvents(input);
    expect(events.map((e) => e.uid)).toEqual(["instalment-i-1@keyfree", "instalment-i-2@keyfree", "instalment-i-3@keyfree"]);
    expect(events.map((e) => e.date)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(events[0]!.summary).toBe("Keyfree payment plan: £100.01 instalment");
    expect(events[2]!.summary).toBe("Keyfree payment plan: £1,234.56 instalment");
    expect(events[0]!.description).toContain("Instalment 1 of 3");
    expect(events[0]!.description).toContain("card ending 4242");
    expect(events[0]!.url).toBe("https://app.example/payment-plan/plan-1/active");
  });

  it("says 'your saved card' when the card is not known", () => {
    expect(paymentPlanScheduleEvents({ ...input, cardLast4: null })[0]!.description).toContain("your saved card");
  });

  it("writes a VCALENDAR with CRLF line ends and three VEVENTs", () => {
    const ics = paymentPlanScheduleCalendar(input, new Date("2025-12-01T10:00:00Z"));
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain("DTSTART;VALUE=DATE:20260101");
    expect(ics).toContain("DTEND;VALUE=DATE:20260102");
    expect(ics).toContain("DTSTAMP:20251201T100000Z");
  });
});
