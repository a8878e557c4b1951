/**
 * A complaint's clock (issue 40, decision 0066): acknowledged within 5 England-and-Wales working
 * days, a final response within 8 weeks, the ombudsman once either is reached, 6 months to refer.
 */
import { describe, expect, it } from "vitest";
import { complaintDueDates, complaintStatus, ombudsmanApplies, ombudsmanReferBy } from "../../../server/domain/complaints";

describe("the dates a complaint must be answered by", () => {
  it.each([
    ["a Monday: the next Monday, and 8 weeks on", "2026-11-23T10:00:00Z", "2026-11-30", "2027-01-18"],
    ["over Christmas and Boxing Day (a substitute day in 2026)", "2026-12-23T10:00:00Z", "2027-01-04", "2027-02-17"],
    ["over Easter (Good Friday and Easter Monday)", "2027-03-25T10:00:00Z", "2027-04-05", "2027-05-20"],
    ["late on a Sunday evening in London's summer time is that Sunday", "2027-06-06T22:30:00Z", "2027-06-11", "2027-08-01"],
  ])("%s", (_case, raisedAt, acknowledgeBy, finalResponseBy) => {
    expect(complaintDueDates(new Date(raisedAt))).toEqual({ acknowledgeBy, finalResponseBy });
  });
});

describe("where a complaint stands, and when the ombudsman applies", () => {
  const due = "2027-01-18";
  it.each([
    ["acknowledged, nothing more", { finalResponseAt: null, finalResponseBy: due, responses: 0 }, "2027-01-18T23:00:00Z", "ACKNOWLEDGED", false],
    ["a holding response", { finalResponseAt: null, finalResponseBy: due, responses: 1 }, "2026-12-01T10:00:00Z", "RESPONDED", false],
    ["8 weeks passed without a final response (the day after)", { finalResponseAt: null, finalResponseBy: due, responses: 1 }, "2027-01-19T00:30:00Z", "OVERDUE", true],
    ["the final response given", { finalResponseAt: new Date("2027-01-10T10:00:00Z"), finalResponseBy: due, responses: 2 }, "2027-01-10T10:00:00Z", "FINAL_RESPONSE", true],
  ] as const)("%s", (_case, complaint, now, status, ombudsman) => {
    expect(complaintStatus(complaint, new Date(now))).toBe(status);
    expect(ombudsmanApplies(complaintStatus(complaint, new Date(now)))).toBe(ombudsman);
  });

  it("the tenant can refer it within 6 months of our final response (a day the month lacks is its last day)", () => {
    expect(ombudsmanReferBy(new Date("2027-01-10T10:00:00Z"))).toBe("2027-07-10");
    expect(ombudsmanReferBy(new Date("2026-08-31T12:00:00Z"))).toBe("2027-02-28");
    expect(ombudsmanReferBy(new Date("2026-10-31T23:30:00Z"))).toBe("2027-04-30"); // 31 October 23:30 UTC is still 31 October in London (GMT)
  });
});
