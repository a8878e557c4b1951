import { formatDate } from "#common/wording";
import { describe, expect, it } from "vitest";
import {
  chargeFailureKind,
  chargeWhenText,
  instalmentChargeDue,
  instalmentReminderDue,
  type ChargeCandidate,
} from "../../../server/domain/payment-plans-rules.js";

const due: ChargeCandidate = {
  planStatus: "ACTIVE",
  planCard: "pm_1",
  instalmentStatus: "PENDING",
  dueDate: "2027-01-10",
  chargePaymentIntentId: null,
};

describe("instalmentChargeDue (the monthly charge, on the London day)", () => {
  it.each([
    ["due today", {}, "2027-01-10", true],
    ["due yesterday (a day missed)", {}, "2027-01-11", true],
    ["due tomorrow", {}, "2027-01-09", false],
    ["already charged by the job (intent recorded)", { chargePaymentIntentId: "pi_1" }, "2027-01-10", false],
    ["FAILED: the tenant pays it on manual-payment", { instalmentStatus: "FAILED" }, "2027-01-10", false],
    ["PAID", { instalmentStatus: "PAID" }, "2027-01-10", false],
    ["a PENDING plan (an offer)", { planStatus: "PENDING" }, "2027-01-10", false],
    ["a CANCELLED plan", { planStatus: "CANCELLED" }, "2027-01-10", false],
    ["a plan in DEFAULT", { planStatus: "DEFAULT" }, "2027-01-10", false],
    ["a plan without a card", { planCard: null }, "2027-01-10", false],
  ] as const)("%s", (_name, change, today, expected) => {
    expect(instalmentChargeDue({ ...due, ...change }, today)).toBe(expected);
  });
});

describe("chargeFailureKind", () => {
  it.each([
    ["authentication_required (a card error)", { type: "StripeCardError", rawType: "card_error", statusCode: 402 }, "needs-tenant"],
    ["card_declined", { rawType: "card_error", statusCode: 402 }, "needs-tenant"],
    ["an invalid request (card no longer attached)", { type: "StripeInvalidRequestError", rawType: "invalid_request_error", statusCode: 400 }, "needs-tenant"],
    ["a 500", { type: "StripeAPIError", rawType: "api_error", statusCode: 500 }, "retry"],
    ["a 503", { statusCode: 503 }, "retry"],
    ["rate limited", { type: "StripeRateLimitError", statusCode: 429 }, "retry"],
    ["no answer (network)", { type: "StripeConnectionError" }, "retry"],
    ["any thrown error without a status", {}, "retry"],
  ] as const)("%s → %s", (_name, error, expected) => {
    expect(chargeFailureKind(error)).toBe(expected);
  });
});

describe("instalmentReminderDue (one week and one day before each charge, once each)", () => {
  const dueDate = "2027-01-10";
  const liveLongBefore = "2026-12-01";
  const none = { weekSent: false, daySent: false };
  it.each([
    ["8 days before: nothing yet", liveLongBefore, none, "2027-01-02", null],
    ["7 days before: the week reminder", liveLongBefore, none, "2027-01-03", "week"],
    ["6 days before, the week's day missed (downtime): still the week reminder", liveLongBefore, none, "2027-01-04", "week"],
    ["the week reminder already sent", liveLongBefore, { weekSent: true, daySent: false }, "2027-01-05", null],
    ["1 day before: the day reminder", liveLongBefore, { weekSent: true, daySent: false }, "2027-01-09", "day"],
    ["1 day before, the week one never sent: the day reminder only", liveLongBefore, none, "2027-01-09", "day"],
    ["the day reminder already sent", liveLongBefore, { weekSent: true, daySent: true }, "2027-01-09", null],
    ["the charge day: never after", liveLongBefore, none, "2027-01-10", null],
    ["after the charge day: never", liveLongBefore, none, "2027-01-12", null],
    ["live 3 days before the first charge: no week reminder", "2027-01-07", none, "2027-01-07", null],
    ["live 3 days before the first charge: the day reminder", "2027-01-07", none, "2027-01-09", "day"],
    ["live exactly a week before: the week reminder", "2027-01-03", none, "2027-01-03", "week"],
  ] as const)("%s", (_name, liveDay, sent, today, expected) => {
    expect(instalmentReminderDue({ dueDate, liveDay, ...sent }, today)).toBe(expected);
  });
});

describe("reminder words", () => {
  it.each([
    ["2027-01-03", "in one week"],
    ["2027-01-09", "tomorrow"],
    ["2027-01-05", "in 5 days"],
  ])("%s → %s", (today, words) => expect(chargeWhenText("2027-01-10", today)).toBe(words));

  it.each([
    ["2027-01-01", "1st Jan 2027"],
    ["2027-02-02", "2nd Feb 2027"],
    ["2027-03-03", "3rd Mar 2027"],
    ["2027-04-11", "11th Apr 2027"],
    ["2027-05-12", "12th May 2027"],
    ["2027-06-13", "13th Jun 2027"],
    ["2027-07-21", "21st Jul 2027"],
    ["2027-12-31", "31st Dec 2027"],
  ])("formatDate(%s) = %s, as the plan e-mails write it", (date, text) => expect(formatDate(date)).toBe(text));
});
