import { describe, expect, it } from "vitest";
import {
  decideOfferChoice,
  decideRejectionReason,
  OFFER_ALREADY_CHOSEN_MESSAGE,
  offerChosenBy,
  REJECTION_MESSAGES,
  rejectionProblems,
} from "../../../server/domain/keyfree-offers.js";

describe("offer choice is final for the tenancy (part 2 §4)", () => {
  it.each([
    { offerChoice: null, recipientChoice: null, choice: "KEYFREE", kind: "record" },
    { offerChoice: null, recipientChoice: null, choice: "CASH_DEPOSIT", kind: "record" },
    { offerChoice: "KEYFREE", recipientChoice: "KEYFREE", choice: "KEYFREE", kind: "repeat" },
    { offerChoice: "KEYFREE", recipientChoice: "KEYFREE", choice: "CASH_DEPOSIT", kind: "refuse" },
    { offerChoice: "KEYFREE", recipientChoice: null, choice: "KEYFREE", kind: "refuse" },
    { offerChoice: "CASH_DEPOSIT", recipientChoice: null, choice: "KEYFREE", kind: "refuse" },
  ] as const)("offer $offerChoice, recipient $recipientChoice, chooses $choice → $kind", ({ offerChoice, recipientChoice, choice, kind }) => {
    const decision = decideOfferChoice({ offerChoice, recipientChoice }, choice);
    expect(decision.kind).toBe(kind);
    if (decision.kind === "refuse") expect(decision.message).toBe(OFFER_ALREADY_CHOSEN_MESSAGE);
  });

  it("says who chose: the recipient or a co-tenant", () => {
    expect(offerChosenBy("KEYFREE")).toBe("YOU");
    expect(offerChosenBy(null)).toBe("CO_TENANT");
  });
});

describe("rejection form (part 2 §5)", () => {
  it("needs a listed reason", () => {
    expect(rejectionProblems({ rejectionReason: null })).toEqual([{ field: "rejectionReason", message: "Please select a reason" }]);
  });
  it("needs details for OTHER, and spaces are not details", () => {
    expect(rejectionProblems({ rejectionReason: "OTHER", customRejectionReason: "  " })).toEqual([
      { field: "customRejectionReason", message: "Please provide more details about your reason" },
    ]);
    expect(rejectionProblems({ rejectionReason: "OTHER", customRejectionReason: "We own the house" })).toEqual([]);
    expect(rejectionProblems({ rejectionReason: "TOO_EXPENSIVE" })).toEqual([]);
  });
  it("allows 500 characters and no more", () => {
    expect(rejectionProblems({ rejectionReason: "OTHER", customRejectionReason: "x".repeat(500) })).toEqual([]);
    expect(rejectionProblems({ rejectionReason: "DONT_UNDERSTAND", customRejectionReason: "x".repeat(501) })).toEqual([
      { field: "customRejectionReason", message: "Please keep your response to 500 characters or less" },
    ]);
  });

  it("is recorded only after the recipient chose a cash deposit, once", () => {
    const reason = { rejectionReason: "OTHER" as const, customRejectionReason: "Because" };
    expect(decideRejectionReason({ recipientChoice: null, given: null }, reason)).toEqual({ kind: "refuse", message: REJECTION_MESSAGES.notRejected });
    expect(decideRejectionReason({ recipientChoice: "KEYFREE", given: null }, reason).kind).toBe("refuse");
    expect(decideRejectionReason({ recipientChoice: "CASH_DEPOSIT", given: null }, reason).kind).toBe("record");
    expect(decideRejectionReason({ recipientChoice: "CASH_DEPOSIT", given: reason }, reason).kind).toBe("repeat");
    expect(decideRejectionReason({ recipientChoice: "CASH_DEPOSIT", given: reason }, { ...reason, customRejectionReason: "Other" })).toEqual({
      kind: "refuse",
      message: REJECTION_MESSAGES.alreadyGiven,
    });
  });
});
