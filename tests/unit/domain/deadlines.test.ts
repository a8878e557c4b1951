import { describe, expect, it } from "vitest";
import {
  adjudicationPaymentDeadline,
  chargesDeemedAccepted,
  daysRemaining,
  deadlineUrgency,
  isPastDeadline,
  paymentPlanOfferExpiresAt,
  proposalDeadline,
  proposalHoldExpiresAt,
  responseDeadline,
  type DeadlineProposal,
} from "../../../server/domain/deadlines.js";

describe("deadlines (part 1 §4.1, §9; part 2 §4, §9)", () => {
  it.each([
    { publishedAt: "2024-01-10T12:00:00Z", deadline: "2024-01-17T23:59:59.999Z", why: "winter, GMT" },
    { publishedAt: "2024-03-25T10:00:00Z", deadline: "2024-04-01T22:59:59.999Z", why: "published in GMT, due in BST (late March)" },
    { publishedAt: "2024-10-21T09:00:00Z", deadline: "2024-10-28T23:59:59.999Z", why: "published in BST, due in GMT (late October)" },
    { publishedAt: "2024-06-10T23:30:00Z", deadline: "2024-06-18T22:59:59.999Z", why: "00:30 BST counts as the next London day" },
    { publishedAt: "2024-03-31T00:30:00Z", deadline: "2024-04-07T22:59:59.999Z", why: "published on the night the clocks go forward" },
  ])("part 1 §9 7-day response window ends at midnight London time on the 7th day — $why", ({ publishedAt, deadline }) => {
    expect(responseDeadline(publishedAt).toISOString()).toBe(deadline);
  });

  it.each([
    { paidAt: "2024-03-28T12:00:00Z", expires: "2024-04-04T12:00:00.000Z", why: "across the March clock change" },
    { paidAt: "2024-10-24T12:00:00Z", expires: "2024-10-31T12:00:00.000Z", why: "across the October clock change" },
  ])("part 1 §9 proposal payment held at most 7 days (exactly 168 hours) — $why", ({ paidAt, expires }) => {
    expect(proposalHoldExpiresAt(paidAt).toISOString()).toBe(expires);
  });

  it.each([
    { decidedAt: "2024-03-29T15:00:00Z", deadline: "2024-04-01T22:59:59.999Z", why: "decided in GMT, due in BST" },
    { decidedAt: "2024-10-25T15:00:00Z", deadline: "2024-10-28T23:59:59.999Z", why: "decided in BST, due in GMT" },
    { decidedAt: "2024-10-24T23:30:00Z", deadline: "2024-10-28T23:59:59.999Z", why: "00:30 BST on 25 October is day 0" },
  ])("part 1 §4.1 3 calendar days to pay after adjudication, to midnight London time — $why", ({ decidedAt, deadline }) => {
    expect(adjudicationPaymentDeadline(decidedAt).toISOString()).toBe(deadline);
  });

  it.each([
    ["2024-03-30T12:00:00Z", "2024-04-01T12:00:00.000Z"],
    ["2024-10-26T08:15:00Z", "2024-10-28T08:15:00.000Z"],
  ])("part 2 §9 payment plan offer void after exactly 48 hours — offered %s → void from %s", (offeredAt, expires) => {
    expect(paymentPlanOfferExpiresAt(offeredAt).toISOString()).toBe(expires);
  });

  it.each([
    { now: "2024-04-01T22:59:59.998Z", past: false },
    { now: "2024-04-01T22:59:59.999Z", past: false },
    { now: "2024-04-01T23:00:00.000Z", past: true },
    { now: "2024-05-01T00:00:00.000Z", past: true },
  ])("part 1 §4.1 past deadline only after midnight London time — now $now → past $past", ({ now, past }) => {
    expect(isPastDeadline("2024-04-01T22:59:59.999Z", now)).toBe(past);
  });

  it.each([
    { deadline: "2024-04-01T22:59:59.999Z", now: "2024-03-25T00:00:00Z", days: 7, why: "a week ahead, across the March change" },
    { deadline: "2024-04-01T22:59:59.999Z", now: "2024-03-29T00:30:00Z", days: 3, why: "3 days ahead" },
    { deadline: "2024-04-01T22:59:59.999Z", now: "2024-03-31T22:59:00Z", days: 1, why: "23:59 BST the day before" },
    { deadline: "2024-04-01T22:59:59.999Z", now: "2024-03-31T23:30:00Z", days: 0, why: "00:30 BST on the day: midnight tonight" },
    { deadline: "2024-04-01T22:59:59.999Z", now: "2024-04-01T22:59:59Z", days: 0, why: "the last second" },
    { deadline: "2024-04-01T22:59:59.999Z", now: "2024-04-01T23:00:00Z", days: -1, why: "the next London day" },
    { deadline: "2024-10-28T23:59:59.999Z", now: "2024-10-26T22:59:00Z", days: 2, why: "23:59 BST on 26 October" },
    { deadline: "2024-10-28T23:59:59.999Z", now: "2024-10-26T23:30:00Z", days: 1, why: "00:30 BST on 27 October" },
    { deadline: "2024-10-28T23:59:59.999Z", now: "2024-10-28T23:30:00Z", days: 0, why: "23:30 GMT on the day" },
  ])("part 1 §4.1 days remaining counted from the start of today (London) — $why → $days", ({ deadline, now, days }) => {
    expect(daysRemaining(deadline, now)).toBe(days);
  });

  it.each([
    [-5, "high"],
    [-1, "high"],
    [0, "medium"],
    [1, "medium"],
    [3, "medium"],
    [4, "low"],
    [10, "low"],
  ])("part 1 §4.1 urgency high below 0, medium 1 to 3 (and 0, documented), low otherwise — %i days → %s", (days, urgency) => {
    expect(deadlineUrgency(days)).toBe(urgency);
  });

  it.each([
    { proposal: { round: 1, status: "AWAITING_RESPONSE", responseDeadline: "2024-02-01T10:00:00Z", publishedAt: "2024-01-01T10:00:00Z" }, deadline: "2024-02-01T10:00:00.000Z", why: "responseDeadline wins" },
    { proposal: { round: 1, status: "AWAITING_RESPONSE", publishedAt: "2024-01-10T12:00:00Z" }, deadline: "2024-01-17T23:59:59.999Z", why: "7 days from publishedAt" },
    { proposal: { round: 1, status: "DRAFT" }, deadline: null, why: "not published" },
  ] as { proposal: DeadlineProposal; deadline: string | null; why: string }[])("part 1 §9 a proposal's deadline — $why", ({ proposal, deadline }) => {
    expect(proposalDeadline(proposal)?.toISOString() ?? null).toBe(deadline);
  });

  const late = "2024-01-20T12:00:00Z";
  const early = "2024-01-15T12:00:00Z";
  const published = "2024-01-10T12:00:00Z";
  it.each([
    { why: "round 1 charges not answered by the deadline", p: { round: 1, status: "AWAITING_RESPONSE", publishedAt: published }, now: late, accepted: true },
    { why: "round 1 charges still in time", p: { round: 1, status: "AWAITING_RESPONSE", publishedAt: published }, now: early, accepted: false },
    { why: "round 3 final proposal accepted but not paid in time", p: { round: 3, status: "AWAITING_PAYMENT", publishedAt: published }, now: late, accepted: true },
    { why: "round 1 settled (paid) before the deadline", p: { round: 1, status: "SETTLED", publishedAt: published }, now: late, accepted: false },
    { why: "round 1 disputed with the fee paid", p: { round: 1, status: "DISPUTED", publishedAt: published }, now: late, accepted: false },
    { why: "round 1 disputed and the dispute fee not paid in time", p: { round: 1, status: "DISPUTED", publishedAt: published }, now: late, accepted: true, disputeFeePaid: false },
    { why: "round 2 is the tenant's own proposal, never charges", p: { round: 2, status: "AWAITING_PAYMENT", publishedAt: published }, now: late, accepted: false },
    { why: "already auto-responded", p: { round: 1, status: "AWAITING_PAYMENT", autoResponded: true, publishedAt: published }, now: early, accepted: true },
    { why: "no deadline known", p: { round: 1, status: "AWAITING_RESPONSE" }, now: late, accepted: false },
    { why: "explicit responseDeadline passed", p: { round: 3, status: "AWAITING_RESPONSE", responseDeadline: "2024-01-12T00:00:00Z" }, now: early, accepted: true },
  ] as { why: string; p: DeadlineProposal; now: string; accepted: boolean; disputeFeePaid?: boolean }[])(
    "part 1 §4.1 charges treated as accepted when the tenant does not respond or pay in time — $why",
    ({ p, now, accepted, disputeFeePaid }) => {
      expect(chargesDeemedAccepted(p, now, disputeFeePaid === undefined ? {} : { disputeFeePaid })).toBe(accepted);
    },
  );
});
