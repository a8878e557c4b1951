import { RouterContextProvider } from "react-router";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: {
    isProduction: false,
    sessionSecrets: ["test-session-secret-0123456789-abcdef"],
    maintenanceMode: false,
    stripePublishableKey: "pk_test",
    stripeStandIn: true,
  },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { arbitrationPageView, payScreenView, disputeFeeView } = await import("../../app/routes/arbitrations/+lib/arbitration-view");
const page = await import("../../app/routes/arbitrations/arbitration");
const { disputeFeeOutcome } = await import("#common/dispute-fee");
const pay = await import("../../app/routes/arbitrations/pay");

type Arbitration = import("../../app/routes/arbitrations/+lib/arbitration-view").Arbitration;

const action = (typeId: string, amountRemaining: number, completedAt: string | null = null) => ({
  id: `${typeId}-1`,
  typeId,
  orderId: "o9",
  amountRemaining,
  completedAt,
});

/**
 * Awarded £300 of the £500 asked (limit £1,000), £60 credited: £240 due, this tenant's share
 * £160 (liability 2 of 3), nothing paid yet.
 */
function arbitration(change: Partial<Arbitration> = {}): Arbitration {
  return {
    id: "a1",
    claimId: "c1",
    claim: { id: "c1", status: "ARBITRATED", finalAmount: 50_000, limit: 100_000, organization: { name: "Acme Lettings" } },
    arbitratedAmount: 30_000,
    decidedAt: "2026-11-24T10:00:00.000Z",
    paymentDeadline: "2026-11-27T23:59:59.999Z",
    daysRemaining: 3,
    documents: [{ id: "d1", document: { id: "doc1", url: "/documents/doc1", name: "Adjudication report.pdf" } }],
    repaymentOrderId: "o9",
    repaymentOrderStatusId: "PENDING",
    payActions: {
      ownShare: action("ARBITRATION_PAY", 16_000),
      remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 24_000),
    },
    paymentChoice: true,
    paymentRequired: true,
    amountDue: 24_000,
    tenantLiability: 2,
    disputeFeeOutcome: { credited: true, reason: "ADJUDICATOR_REDUCED_CHARGES", creditPence: 6_000 },
    paymentPlanId: null,
    reasons: [],
    ...change,
  } as Arbitration;
}

const undecided = () =>
  arbitration({
    arbitratedAmount: null,
    decidedAt: null,
    paymentDeadline: null,
    daysRemaining: null,
    documents: [],
    repaymentOrderId: null,
    repaymentOrderStatusId: null,
    payActions: { ownShare: null, remainingBalance: null },
    paymentChoice: false,
    paymentRequired: false,
    amountDue: null,
    disputeFeeOutcome: null,
  });

function contextFor(a: Arbitration) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  context.set(apiContext, {
    GET: async (path: string) => {
      calls.push(path);
      if (path === "/arbitrations/{arbitrationId}") return a;
      if (path === "/customer") return { id: "cu1" };
      throw new Error(`unexpected ${path}`);
    },
  } as never);
  return { context, calls };
}

async function thrown(fn: () => unknown): Promise<Response> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a redirect");
}

const q = (query = "") => new URLSearchParams(query);

describe("the arbitration page (part 1 §2.5)", () => {
  it("before the decision says what is happening and how long it takes, with nothing to pay", () => {
    const view = arbitrationPageView(undecided());
    expect(view.waiting).toContain("up to 6 weeks");
    expect(view.waiting).toContain("Acme Lettings");
    expect(view).toMatchObject({ result: null, paymentRequired: null, payment: null, reports: [] });
  });

  it("once decided: 'Payment required', the Result card, the report and the payment section with its 3-day deadline", () => {
    const view = arbitrationPageView(arbitration());
    expect(view.waiting).toBeNull();
    expect(view.paymentRequired).toEqual({
      owed: "£240.00",
      deadline: "You have 3 calendar days from the decision to pay: pay by 27th Nov 2026 (3 days left).",
    });
    expect(view.result).toMatchObject({ awarded: "£300.00", asked: "£500.00", limit: "£1,000.00", amountDue: "£240.00" });
    expect(view.reports).toEqual([{ name: "Adjudication report.pdf", url: "/documents/doc1" }]);
    expect(view.payment).toEqual({
      state: "due",
      owed: "£240.00",
      deadline: view.paymentRequired!.deadline,
      paidSoFar: null,
      payHref: "/arbitrations/a1/pay",
    });
  });

  // The Result card in the one set of sentences (common/wording/fees.ts, issue 27), per case
  // of the rule (award, amount finally asked for, limit); the API's own outcome agrees.
  it.each([
    [30_000, 50_000, 100_000, "Dispute fee credited.", "The adjudicator awarded less than was asked for, so your £60.00 dispute fee is credited: it comes off what you owe."],
    [
      2_500,
      50_000,
      100_000,
      "Dispute fee credited.",
      "The adjudicator awarded less than was asked for, so your £60.00 dispute fee is credited: £25.00 of it comes off what you owe, and the other £35.00 is refunded to your card.",
    ],
    [0, 50_000, 100_000, "Dispute fee refunded.", "The adjudicator awarded nothing, so you owe nothing and your £60.00 dispute fee is refunded to your card in full."],
    [
      100_000,
      120_000,
      96_000,
      "Dispute fee not credited.",
      "The adjudicator awarded less than was asked for, but still your maximum liability of £960.00 (8 weeks' rent) or more. You never pay more than that, so the award does not lower what you pay, and your £60.00 dispute fee is not credited or refunded.",
    ],
    [50_000, 50_000, 100_000, "Dispute fee not credited.", "The adjudicator awarded Acme Lettings everything that was asked for, so your £60.00 dispute fee is not credited or refunded."],
  ] as const)("the dispute fee's outcome: awarded %i of %i (limit %i) → %s", (awarded, finalAmount, limit, headline, text) => {
    const outcome = disputeFeeOutcome({ adjudicatedAmountPence: awarded, finalAmountPence: finalAmount, limitPence: limit });
    const decided = arbitration({ arbitratedAmount: awarded, claim: { ...arbitration().claim, finalAmount, limit }, disputeFeeOutcome: outcome });
    const view = disputeFeeView(decided);
    expect(view).toEqual({ credited: outcome.credited, headline, text });
    expect(arbitrationPageView(decided).result?.disputeFee).toEqual(view);
  });

  it("says so when the repayment is paid in full, and when nothing was due", () => {
    const paid = arbitrationPageView(
      arbitration({
        repaymentOrderStatusId: "COMPLETE",
        paymentRequired: false,
        paymentChoice: false,
        payActions: {
          ownShare: action("ARBITRATION_PAY", 0, "2026-11-25T10:00:00.000Z"),
          remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 0, "2026-11-25T10:00:00.000Z"),
        },
      }),
    );
    expect(paid.paymentRequired).toBeNull();
    expect(paid.payment).toEqual({ state: "paid", text: "The amount the adjudicator awarded has been paid in full. There is nothing more to pay." });
    const nothing = arbitrationPageView(
      arbitration({ arbitratedAmount: 0, amountDue: 0, repaymentOrderId: null, repaymentOrderStatusId: null, paymentRequired: false, paymentChoice: false, payActions: { ownShare: null, remainingBalance: null } }),
    );
    expect(nothing).toMatchObject({ payment: null, paymentRequired: null, result: { awarded: "£0.00" } });
  });

  it("when a co-tenant paid their share first, says so and asks only for what is left (scope 5)", () => {
    // The other tenant paid £80: this tenant's balance is £160, the same as their share.
    const view = arbitrationPageView(
      arbitration({
        paymentChoice: false,
        payActions: { ownShare: action("ARBITRATION_PAY", 16_000), remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 16_000) },
      }),
    );
    expect(view.payment).toMatchObject({
      state: "due",
      owed: "£160.00",
      paidSoFar: "Another tenant on your tenancy has already paid £80.00 of £240.00. £160.00 is left to pay.",
    });
  });

  it("after paying one's own share, says so and what the others still owe", () => {
    const view = arbitrationPageView(
      arbitration({
        paymentChoice: false,
        payActions: {
          ownShare: action("ARBITRATION_PAY", 0, "2026-11-25T10:00:00.000Z"),
          remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 8_000),
        },
      }),
    );
    expect(view.payment).toMatchObject({
      owed: "£80.00",
      paidSoFar: "You have paid your share. £160.00 of £240.00 has been paid so far, and £80.00 is still to pay.",
    });
  });

  it("shows the adjudicator's reasons item by item under #reasons, as a table with scoped headers; says nothing of them when there are none", async () => {
    const reasons = [
      { claimItemId: "i1", description: "Redecoration", askedAmount: 40_000, awardedAmount: 25_000, reason: "The photographs show marks\nbeyond fair wear and tear." },
      { claimItemId: "i2", description: "Cleaning", askedAmount: 10_000, awardedAmount: 5_000, reason: "Half the rooms were clean." },
    ];
    const decided = arbitration({ reasons, repaymentOrderId: null, repaymentOrderStatusId: null, paymentRequired: false });
    const view = arbitrationPageView(decided);
    expect(view.reasons).toEqual({
      withAwarded: true,
      items: [
        { id: "i1", description: "Redecoration", asked: "£400.00", awarded: "£250.00", reason: reasons[0]!.reason },
        { id: "i2", description: "Cleaning", asked: "£100.00", awarded: "£50.00", reason: "Half the rooms were clean." },
      ],
    });
    const { loaderData } = { loaderData: await page.loader({ params: { arbitrationId: "a1" }, context: contextFor(decided).context } as never) };
    const html = renderToStaticMarkup(createElement(page.default as never, { loaderData } as never));
    expect(html).toContain('<section id="reasons"');
    expect(html).toContain("<h2 id=\"reasons-heading\">The adjudicator’s reasons</h2>");
    for (const header of ["Charge", "Acme Lettings asked for", "The adjudicator awarded", "Reason"]) expect(html).toContain(`<th scope="col">${header}</th>`);
    expect(html).toContain('<th scope="row">Redecoration</th><td>£400.00</td><td>£250.00</td>');
    expect(html).toContain("Half the rooms were clean.");
    expect(html).not.toContain("<script");

    // Without amounts per item, no "awarded" column; an older decision without reasons, and an undecided one, say nothing.
    const noAmounts = arbitrationPageView(arbitration({ reasons: reasons.map((r) => ({ ...r, awardedAmount: null })) }));
    expect(noAmounts.reasons?.withAwarded).toBe(false);
    expect(arbitrationPageView(arbitration({ reasons: [] })).reasons).toBeNull();
    expect(arbitrationPageView(undecided()).reasons).toBeNull();
    const older = renderToStaticMarkup(createElement(page.default as never, { loaderData: { view: arbitrationPageView(arbitration({ reasons: [], repaymentOrderId: null })), breathingSpace: null } } as never));
    expect(older).not.toContain("reasons");
  });

  it("past the deadline asks to pay now", () => {
    expect(arbitrationPageView(arbitration({ daysRemaining: -1 })).paymentRequired?.deadline).toBe("The deadline to pay was 27th Nov 2026. Please pay now.");
  });

  it("the loader sends a tenant with a live payment plan to it", async () => {
    const response = await thrown(() => page.loader({ params: { arbitrationId: "a1" }, context: contextFor(arbitration({ paymentPlanId: "pp1" })).context } as never));
    expect(response.headers.get("location")).toBe("/payment-plan/pp1");
  });
});

describe("the adjudication payment screen (part 1 §2.4, §6)", () => {
  it("with two open actions of different amounts asks 'How much would you like to pay?', the remaining balance chosen by default", () => {
    const view = payScreenView(arbitration(), q())!;
    expect(view.choice).toEqual({ selected: "balance", balance: "£240.00", share: "£160.00" });
    expect(view.pay).toBeNull();
    expect(view.liability).toBe("You are responsible for paying the fee for 2 tenants.");
  });

  it("?choice=share: the share's summary card, the card form as ARBITRATION and 'What does paying my share mean?'", () => {
    const view = payScreenView(arbitration(), q("choice=share"))!;
    expect(view.choice).toBeNull();
    expect(view.pay).toMatchObject({
      paymentType: "ARBITRATION",
      orderId: "o9",
      title: "Your share of this adjudication is",
      amount: 16_000,
      amountText: "£160.00",
      explainHref: "/arbitrations/a1/pay?choice=share&explain=share",
      explanation: null,
      changeHref: "/arbitrations/a1/pay",
    });
    const explained = payScreenView(arbitration(), q("choice=share&explain=share"))!;
    expect(explained.pay?.explanation?.[0]).toContain("jointly and severally liable");
    expect(explained.pay?.closeExplanationHref).toBe("/arbitrations/a1/pay?choice=share");
  });

  it("?choice=balance: the remaining balance as ARBITRATION_REMAINING_BALANCE, no share explanation", () => {
    const view = payScreenView(arbitration(), q("choice=balance&explain=share"))!;
    expect(view.pay).toMatchObject({
      paymentType: "ARBITRATION_REMAINING_BALANCE",
      title: "The remaining balance for this adjudication is",
      amountText: "£240.00",
      explainHref: null,
      explanation: null,
    });
  });

  it("without a choice (a sole tenant, or equal amounts) goes straight to the remaining balance; liability 1 says nothing", () => {
    const view = payScreenView(
      arbitration({
        paymentChoice: false,
        tenantLiability: 1,
        payActions: { ownShare: action("ARBITRATION_PAY", 24_000), remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 24_000) },
      }),
      q("choice=share"),
    )!;
    expect(view.choice).toBeNull();
    expect(view.liability).toBeNull();
    expect(view.pay).toMatchObject({ paymentType: "ARBITRATION_REMAINING_BALANCE", amountText: "£240.00", changeHref: null });
  });

  it("only an own share open: the share, never more than is owed", () => {
    const view = payScreenView(
      arbitration({ paymentChoice: false, payActions: { ownShare: action("ARBITRATION_PAY", 16_000), remainingBalance: null } }),
      q("choice=balance"),
    )!;
    expect(view.pay).toMatchObject({ paymentType: "ARBITRATION", amount: 16_000, explainHref: "/arbitrations/a1/pay?explain=share" });
  });

  it("a co-tenant paid first: the page says so, and offers what is left", () => {
    const view = payScreenView(
      arbitration({
        paymentChoice: false,
        payActions: { ownShare: action("ARBITRATION_PAY", 16_000), remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 16_000) },
      }),
      q(),
    )!;
    expect(view.paidSoFar).toBe("Another tenant on your tenancy has already paid £80.00 of £240.00. £160.00 is left to pay.");
    expect(view.pay).toMatchObject({ paymentType: "ARBITRATION_REMAINING_BALANCE", amount: 16_000 });
  });

  it("the loader sends the tenant back to the arbitration page when nothing is left to pay, and reads the customer only for the card form", async () => {
    const done = arbitration({
      repaymentOrderStatusId: "COMPLETE",
      paymentRequired: false,
      paymentChoice: false,
      payActions: { ownShare: action("ARBITRATION_PAY", 0, "2026-11-25T10:00:00.000Z"), remainingBalance: action("ARBITRATION_PAY_REMAINING_BALANCE", 0, "2026-11-25T10:00:00.000Z") },
    });
    const url = new URL("http://localhost/arbitrations/a1/pay");
    const response = await thrown(() => pay.loader({ params: { arbitrationId: "a1" }, context: contextFor(done).context, url } as never));
    expect(response.headers.get("location")).toBe("/arbitrations/a1");
    expect(payScreenView(undecided(), q())).toBeNull();

    const choosing = contextFor(arbitration());
    const choice = await pay.loader({ params: { arbitrationId: "a1" }, context: choosing.context, url } as never);
    expect(choice.customerId).toBe("");
    expect(choosing.calls).toEqual(["/arbitrations/{arbitrationId}"]);
    const paying = contextFor(arbitration());
    const card = await pay.loader({ params: { arbitrationId: "a1" }, context: paying.context, url: new URL(`${url}?choice=share`) } as never);
    expect(card).toMatchObject({ customerId: "cu1", view: { pay: { paymentType: "ARBITRATION" } } });
  });
});
