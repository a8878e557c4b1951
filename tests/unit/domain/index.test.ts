import { describe, expect, it } from "vitest";
import * as domain from "../../../server/domain/index.js";

describe("domain index (ARCHITECTURE 'Where rules live': server/domain)", () => {
  it.each([
    "keyfreeFeePence",
    "splitByLiability",
    "claimLimitPence",
    "annualFeeSharePence",
    "annualFeeSchedule",
    "normaliseClaimStatus",
    "normaliseOrderCustomerActionType",
    "isProposalVisibleToTenant",
    "isItemSettled",
    "payableOrderId",
    "allowedTenantActions",
    "checkTenantAction",
    "proposalConfirmationKind",
    "responseDeadline",
    "daysRemaining",
    "chargesDeemedAccepted",
    "disputeFeeOutcome",
    "nextAction",
    "keyfreeStatus",
    "keyfreeStatusLine",
    "defaultDashboardFilter",
    "checkoutSteps",
    "paymentPlanNextAction",
    "paymentPlanScreen",
    "paymentPlanCountsForRedirect",
    "canTransition",
    "readyForReview",
    "paymentSuccessPath",
    "failedCardChecks",
  ])("ARCHITECTURE rules live in server/domain: index re-exports %s", (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe("function");
  });

  it("ARCHITECTURE the product name is kept in one place", () => {
    expect([domain.PRODUCT_NAME, domain.PRODUCT_CODE]).toEqual(["Keyfree", "KEYFREE"]);
  });
});
