import { describe, expect, it } from "vitest";
import type { OrderedProposal } from "../../../server/domain/claim-responses.js";
import { checkTenantAction, type TenantClaimState } from "../../../server/domain/claims.js";
import {
  addWorkingDays,
  checkMoreTimeDays,
  checkMoreTimeRequest,
  deadlineAfterRefusal,
  effectiveMoreTimeStatus,
  grantedAutomatically,
  grantedDeadline,
  MORE_TIME_MESSAGES,
  moreTimeAnswerBy,
  moreTimeAnswerOverdue,
  moreTimeWaiting,
  type MoreTimeClaim,
  type MoreTimeRequestFacts,
} from "../../../server/domain/more-time.js";
import type { ClaimStatus } from "../../../server/domain/statuses.js";

/** The landlord's charges published on Friday 20 November 2026: due by the end of Friday 27 November (London). */
const DEADLINE = "2026-11-27T23:59:59.999Z";

function proposal(over: Partial<OrderedProposal> & Pick<OrderedProposal, "id" | "round" | "status">): OrderedProposal {
  return {
    source: over.round === 2 ? "TENANT" : "SUPPLIER",
    publishedAt: "2026-11-20T10:00:00Z",
    responseDeadline: DEADLINE,
    autoResponded: false,
    createdAt: "2026-11-20T10:00:00Z",
    itemProposals: [{ claimItemId: "i1", amount: 10_000, settled: false }],
    ...over,
  };
}

const charges = proposal({ id: "r1", round: 1, status: "AWAITING_RESPONSE" });
const claimWith = (proposals: OrderedProposal[], status: ClaimStatus = "AWAITING_RESPONDENTS"): MoreTimeClaim => ({ status, proposals });
const open = claimWith([charges]);
const finalOpen = claimWith([
  proposal({ id: "r1", round: 1, status: "DISPUTED" }),
  proposal({ id: "r2", round: 2, status: "DISPUTED", createdAt: "2026-11-21T10:00:00Z" }),
  proposal({ id: "r3", round: 3, status: "AWAITING_RESPONSE", createdAt: "2026-11-22T10:00:00Z", responseDeadline: "2026-11-29T23:59:59.999Z" }),
]);
const request = (status: string, claimProposalId: string | null = "r1"): MoreTimeRequestFacts => ({ status, claimProposalId });
const BEFORE = "2026-11-25T10:00:00Z";
const AFTER = "2026-11-28T00:00:00Z";

describe("more time to answer (issue 36, decision 0049)", () => {
  it.each([
    { claim: open, requests: [], now: BEFORE, expected: null, why: "charges waiting for the tenants, in time, nobody asked" },
    { claim: claimWith([charges], "MEDIATION"), requests: [], now: BEFORE, expected: null, why: "in mediation too" },
    { claim: open, requests: [request("PENDING")], now: BEFORE, expected: MORE_TIME_MESSAGES.waiting, why: "one request waits at a time" },
    { claim: open, requests: [request("GRANTED")], now: BEFORE, expected: MORE_TIME_MESSAGES.alreadyAsked, why: "once per deadline: granted" },
    { claim: open, requests: [request("REFUSED")], now: BEFORE, expected: MORE_TIME_MESSAGES.alreadyAsked, why: "once per deadline: refused" },
    { claim: finalOpen, requests: [request("GRANTED")], now: BEFORE, expected: null, why: "the final proposal is a new deadline: it may be asked on" },
    { claim: finalOpen, requests: [request("PENDING")], now: BEFORE, expected: null, why: "a request left waiting on the charges has lapsed" },
    { claim: open, requests: [], now: AFTER, expected: MORE_TIME_MESSAGES.deadlinePassed, why: "the deadline has passed" },
    { claim: claimWith([{ ...charges, status: "AWAITING_PAYMENT" }]), requests: [], now: BEFORE, expected: MORE_TIME_MESSAGES.notOpen, why: "the charges were accepted" },
    {
      claim: claimWith([{ ...charges, status: "AWAITING_PAYMENT", autoResponded: true }]),
      requests: [],
      now: AFTER,
      expected: MORE_TIME_MESSAGES.notOpen,
      why: "the charges were treated as accepted",
    },
    {
      claim: claimWith([{ ...charges, status: "DISPUTED" }, proposal({ id: "r2", round: 2, status: "AWAITING_RESPONSE", createdAt: "2026-11-21T10:00:00Z" })]),
      requests: [],
      now: BEFORE,
      expected: MORE_TIME_MESSAGES.notOpen,
      why: "the tenants' own proposal is with the landlord",
    },
    { claim: claimWith([{ ...charges, status: "DISPUTED" }], "AWAITING_ARBITRATION_ADMIN_FEE"), requests: [], now: BEFORE, expected: MORE_TIME_MESSAGES.notOpen, why: "disputed" },
    { claim: claimWith([], "AWAITING_SUBSTANTIATION"), requests: [], now: BEFORE, expected: MORE_TIME_MESSAGES.notOpen, why: "no charges yet" },
  ])("who may ask: $why", ({ claim, requests, now, expected }) => {
    const check = checkMoreTimeRequest(claim, requests, now);
    expect(check.ok ? null : check.message).toBe(expected);
  });

  it.each([
    { requested: "2026-11-23T10:00:00Z", answerBy: "2026-11-25T23:59:59.999Z", why: "Monday: by the end of Wednesday" },
    { requested: "2026-11-23T23:30:00Z", answerBy: "2026-11-25T23:59:59.999Z", why: "late on Monday is still Monday" },
    { requested: "2026-11-26T09:00:00Z", answerBy: "2026-11-30T23:59:59.999Z", why: "Thursday: over the weekend, by the end of Monday" },
    { requested: "2026-11-27T16:00:00Z", answerBy: "2026-12-01T23:59:59.999Z", why: "Friday: by the end of Tuesday" },
    { requested: "2026-11-28T12:00:00Z", answerBy: "2026-12-01T23:59:59.999Z", why: "Saturday: by the end of Tuesday" },
    { requested: "2026-11-22T12:00:00Z", answerBy: "2026-11-24T23:59:59.999Z", why: "Sunday: by the end of Tuesday" },
    { requested: "2026-06-08T23:30:00Z", answerBy: "2026-06-11T22:59:59.999Z", why: "00:30 BST on Tuesday is Tuesday: by the end of Thursday, London time" },
    { requested: "2027-03-26T12:00:00Z", answerBy: "2027-03-30T22:59:59.999Z", why: "asked in GMT, answered in BST" },
  ])("how long a request may wait: 2 working days, to the end of the London day — $why", ({ requested, answerBy }) => {
    expect(moreTimeAnswerBy(requested).toISOString()).toBe(answerBy);
  });

  it.each([
    { from: "2026-11-23", days: 1, to: "2026-11-24" },
    { from: "2026-11-27", days: 1, to: "2026-11-30" },
    { from: "2026-11-28", days: 2, to: "2026-12-01" },
    { from: "2026-11-23", days: 5, to: "2026-11-30" },
  ])("working days are Monday to Friday: $from + $days = $to", ({ from, days, to }) => {
    expect(addWorkingDays(from, days)).toBe(to);
  });

  it.each([
    { status: "PENDING", createdAt: "2026-11-23T10:00:00Z", now: "2026-11-25T23:59:59.999Z", overdue: false, why: "its answer-by's last millisecond is still in time" },
    { status: "PENDING", createdAt: "2026-11-23T10:00:00Z", now: "2026-11-26T00:00:00Z", overdue: true, why: "past it, the clock grants the days asked for" },
    { status: "GRANTED", createdAt: "2026-11-23T10:00:00Z", now: "2026-12-26T00:00:00Z", overdue: false, why: "answered" },
  ])("a request not answered in time is granted automatically — $why", ({ status, createdAt, now, overdue }) => {
    expect(moreTimeAnswerOverdue({ status, createdAt }, now)).toBe(overdue);
  });

  it.each([
    { answeredAt: "2026-11-25T16:00:00Z", automatic: false },
    { answeredAt: "2026-11-26T00:00:30Z", automatic: true },
  ])("a grant after the answer-by was the clock's: $answeredAt → $automatic", ({ answeredAt, automatic }) => {
    expect(grantedAutomatically({ status: "GRANTED", createdAt: "2026-11-23T10:00:00Z", answeredAt })).toBe(automatic);
  });

  it.each([
    { deadline: "2026-12-04T23:59:59.999Z", answeredAt: "2026-11-30T10:00:00Z", days: 7, after: "2026-12-11T23:59:59.999Z", why: "moves the deadline by the days given" },
    { deadline: "2026-11-30T23:59:59.999Z", answeredAt: "2026-12-02T10:00:00Z", days: 3, after: "2026-12-05T23:59:59.999Z", why: "passed while waiting: counted from the answer's day" },
    { deadline: "2026-12-04T23:59:59.999Z", answeredAt: "2026-12-04T15:00:00Z", days: 1, after: "2026-12-05T23:59:59.999Z", why: "answered on the deadline's day" },
    { deadline: "2027-03-26T23:59:59.999Z", answeredAt: "2027-03-24T10:00:00Z", days: 7, after: "2027-04-02T22:59:59.999Z", why: "across the clocks going forward: midnight London time" },
  ])("a grant's new deadline: $why", ({ deadline, answeredAt, days, after }) => {
    expect(grantedDeadline(deadline, answeredAt, days).toISOString()).toBe(after);
  });

  it.each([
    { deadline: "2026-12-04T23:59:59.999Z", answeredAt: "2026-11-30T10:00:00Z", after: "2026-12-04T23:59:59.999Z", why: "days enough left: the deadline stays" },
    { deadline: "2026-12-03T23:59:59.999Z", answeredAt: "2026-11-30T10:00:00Z", after: "2026-12-03T23:59:59.999Z", why: "exactly 3 days left: it stays" },
    { deadline: "2026-12-01T23:59:59.999Z", answeredAt: "2026-11-30T10:00:00Z", after: "2026-12-03T23:59:59.999Z", why: "fewer than 3 days left: 3 days from the answer" },
    { deadline: "2026-11-30T23:59:59.999Z", answeredAt: "2026-12-02T10:00:00Z", after: "2026-12-05T23:59:59.999Z", why: "passed while waiting: 3 days from the answer" },
  ])("a refusal never leaves fewer than 3 days: $why", ({ deadline, answeredAt, after }) => {
    expect(deadlineAfterRefusal(deadline, answeredAt).toISOString()).toBe(after);
  });

  it.each([
    { days: 1, ok: true },
    { days: 14, ok: true },
    { days: 0, ok: false },
    { days: 15, ok: false },
    { days: 1.5, ok: false },
    { days: -3, ok: false },
  ])("1 to 14 days: $days → $ok", ({ days, ok }) => {
    expect(checkMoreTimeDays(days).ok).toBe(ok);
  });

  it.each([
    { status: "PENDING", claim: open, shown: "PENDING" },
    { status: "PENDING", claim: claimWith([{ ...charges, status: "AWAITING_PAYMENT" }]), shown: "LAPSED" },
    { status: "GRANTED", claim: claimWith([{ ...charges, status: "AWAITING_PAYMENT" }]), shown: "GRANTED" },
    { status: "REFUSED", claim: open, shown: "REFUSED" },
  ])("a request's status as the tenant reads it: $status → $shown", ({ status, claim, shown }) => {
    expect(effectiveMoreTimeStatus(request(status), claim)).toBe(shown);
    expect(moreTimeWaiting([request(status)], claim)).toBe(shown === "PENDING");
  });

  it("while a request waits, the deadline holds: proposing or disputing after it is still allowed", () => {
    const state = (moreTimeRequested: boolean): TenantClaimState => ({
      status: "AWAITING_RESPONDENTS",
      mediationEnabled: true,
      itemIds: ["i1"],
      proposals: [charges],
      viewer: { userId: "u1", isRespondent: true },
      now: AFTER,
      moreTimeRequested,
    });
    expect(checkTenantAction(state(false), "counter")).toEqual({ ok: false, message: "The deadline to respond has passed, so the charges are treated as accepted." });
    expect(checkTenantAction(state(true), "counter")).toEqual({ ok: true });
    expect(checkTenantAction(state(true), "accept")).toEqual({ ok: true });
  });
});
