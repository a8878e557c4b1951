import { describe, expect, it } from "vitest";
import { ownPaymentOpen, REMINDER_LOOKAHEAD_MS, reminderDedupeKey, type TenantPayAction } from "../../../server/domain/deadline-reminders";
import { adjudicationPaymentDeadline, responseDeadline } from "../../../server/domain/deadlines";
import { reminderDue } from "../../../server/domain/notices";

const open = (typeId: string, amountRemainingPence: number): TenantPayAction => ({ typeId, completedAt: null, amountRemainingPence });
const done = (typeId: string): TenantPayAction => ({ typeId, completedAt: new Date("2026-12-01T10:00:00Z"), amountRemainingPence: 0 });

describe("ownPaymentOpen: a reminder to pay goes only to a tenant whose own payment is open (issue 28, scope 2)", () => {
  it.each([
    ["nobody has paid: the tenant's own share", [open("CLAIM_PAY_REMAINING_BALANCE", 30_000), open("CLAIM_PAY", 15_000)], 15_000],
    ["a co-tenant paid their share: still this tenant's own share", [open("CLAIM_PAY_REMAINING_BALANCE", 15_000), open("CLAIM_PAY", 15_000)], 15_000],
    ["the tenant paid their share: none, though a co-tenant's part is owed", [open("CLAIM_PAY_REMAINING_BALANCE", 15_000), done("CLAIM_PAY")], null],
    ["a co-tenant paid the whole balance: none", [done("CLAIM_PAY_REMAINING_BALANCE"), done("CLAIM_PAY")], null],
    ["a £0 share (no share action): the remaining balance", [open("CLAIM_PAY_REMAINING_BALANCE", 30_000)], 30_000],
    ["adjudication: the tenant's own part", [open("ARBITRATION_PAY_REMAINING_BALANCE", 14_000), open("ARBITRATION_PAY", 7_000)], 7_000],
    ["adjudication paid: none", [done("ARBITRATION_PAY_REMAINING_BALANCE"), done("ARBITRATION_PAY")], null],
    ["the dispute fee, unpaid", [open("ARBITRATION_ADMIN_PAY", 6_000)], 6_000],
    ["the dispute fee, paid", [done("ARBITRATION_ADMIN_PAY")], null],
    ["no action on the order", [], null],
  ] as const)("%s", (_why, actions, expected) => {
    expect(ownPaymentOpen([...actions])).toBe(expected);
  });
});

describe("reminderDedupeKey: one name per reminder, whoever sends it", () => {
  it("names the kind, the subject, the deadline instant and the stage", () => {
    const deadline = responseDeadline(new Date("2026-11-27T10:00:00Z"));
    expect(reminderDedupeKey("RESPONSE_REMINDER", "p1", deadline, "DAY_BEFORE")).toBe("RESPONSE_REMINDER:p1:2026-12-04T23:59:59.999Z:DAY_BEFORE");
    // A new deadline for the same proposal (a hold run out gives 7 days again) has reminders of its own.
    const again = responseDeadline(new Date("2026-12-03T10:00:00Z"));
    expect(reminderDedupeKey("RESPONSE_REMINDER", "p1", again, "DAY_BEFORE")).not.toBe(reminderDedupeKey("RESPONSE_REMINDER", "p1", deadline, "DAY_BEFORE"));
  });
});

describe("REMINDER_LOOKAHEAD_MS: the job looks far enough ahead for the day-before reminder", () => {
  it.each([
    ["a response deadline in winter", responseDeadline(new Date("2026-11-27T10:00:00Z"))],
    ["an adjudication deadline the night the clocks go back", adjudicationPaymentDeadline(new Date("2026-10-22T10:00:00Z"))],
    ["an adjudication deadline the night the clocks go forward", adjudicationPaymentDeadline(new Date("2027-03-25T10:00:00Z"))],
  ])("%s: the first moment a reminder is due is within it", (_why, deadline) => {
    // Every quarter of an hour from three days before: the first moment reminderDue answers.
    let first: Date | null = null;
    for (let at = deadline.getTime() - 3 * 86_400_000; at <= deadline.getTime() && !first; at += 15 * 60_000) {
      if (reminderDue(deadline, new Date(at)) !== null) first = new Date(at);
    }
    expect(first).not.toBeNull();
    expect(deadline.getTime() - first!.getTime()).toBeLessThanOrEqual(REMINDER_LOOKAHEAD_MS);
  });
});
