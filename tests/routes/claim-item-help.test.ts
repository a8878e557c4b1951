/**
 * 'What helps for this charge' (issue 27 scope 4): the item's checklist for its type, and for a
 * replacement the wear-and-tear calculator read from the URL — a result, a 400 with each field's
 * message for bad input (never a 500), nothing for an item not on the claim (404).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false, stripePublishableKey: "pk_test", stripeStandIn: true },
}));
const { claimContext } = await import("../../app/routes/claims/+lib/claims.server");
const help = await import("../../app/routes/claims/item-help");
const { CHARGE_EVIDENCE } = await import("#common/charge-evidence");
const { WEAR_AND_TEAR_MESSAGES } = await import("#common/wear-and-tear");

type Claim = import("../../app/routes/claims/+lib/claims.server").Claim;

const item = (id: string, type: string, currentAmount: number, isSettled = false) => ({
  id,
  claimId: "c1",
  description: `Item ${id}`,
  type,
  isSettled,
  chargedAmount: currentAmount,
  currentAmount,
  landlordEvidence: [],
  tenantEvidence: [],
});

function claim(): Claim {
  return {
    id: "c1",
    status: "AWAITING_RESPONDENTS",
    mediationEnabled: true,
    canRespond: true,
    allowedActions: ["accept", "counter"],
    tenantDraftProposalId: null,
    currentProposalId: "p1",
    items: [item("i1", "CLEANING", 18_000), item("i2", "DAMAGE", 42_000), item("i3", "SOMETHING_ELSE", 5_000, true)],
    proposals: [],
  } as unknown as Claim;
}

async function load(itemId: string, query = "") {
  const context = new RouterContextProvider();
  context.set(claimContext, claim());
  const request = new Request(`http://localhost/claims/c1/items/${itemId}/help${query}`);
  try {
    const result = help.loader({ request, context, params: { claimId: "c1", claimItemId: itemId }, url: new URL(request.url) } as never);
    // data(…, { status }) or the view itself
    if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
      const r = result as unknown as { data: ReturnType<typeof help.loader>; init: { status: number } };
      return { status: r.init.status, view: r.data as never as import("../../app/routes/claims/+lib/item-help").ItemHelpView };
    }
    return { status: 200, view: result as import("../../app/routes/claims/+lib/item-help").ItemHelpView };
  } catch (thrown) {
    const r = thrown as { init?: { status?: number } };
    return { status: r.init?.status ?? 500, view: null };
  }
}

describe("the item's help page", () => {
  it("a cleaning charge: its checklist, a way to disagree, and no calculator (nothing is replaced)", async () => {
    const { status, view } = await load("i1");
    expect(status).toBe(200);
    expect(view).toMatchObject({
      name: "a cleaning charge",
      checklist: CHARGE_EVIDENCE.CLEANING.checklist,
      item: { description: "Item i1", typeLabel: "Cleaning", amount: "£180.00" },
      proposalHref: "/claims/c1/items/i1/proposal",
      claimPage: "/claims/c1?mediationEnabled=true#item-i1",
      calculator: null,
    });
  });

  it("a damage charge: the calculator, empty until asked", async () => {
    const { status, view } = await load("i2");
    expect(status).toBe(200);
    expect(view!.calculator).toEqual({ values: { age: "", life: "", tenancy: "" }, errors: [], result: null });
  });

  it("the calculator's answer on the same page: the share and its part of this charge", async () => {
    const { status, view } = await load("i2", "?age=2&life=10&tenancy=36");
    expect(status).toBe(200);
    expect(view!.calculator!.result).toEqual({
      summary: "An item 2 years old when your tenancy started, after 36 months, was 5 years old, with 5 years of its usual 10 years left.",
      share: "A tenant would usually pay about 50% of the cost of a new one.",
      amount: "If £420.00 is what a new one costs, that is about £210.00.",
    });
  });

  it("an item past its life: nothing left, 0%", async () => {
    const { view } = await load("i2", "?age=8&life=5&tenancy=24");
    expect(view!.calculator!.result!.share).toBe("A tenant would usually pay about 0% of the cost of a new one.");
    expect(view!.calculator!.result!.summary).toMatch(/had no useful life left/);
  });

  it("bad input: a 400 with each field's message, what was typed kept", async () => {
    const { status, view } = await load("i2", "?age=three&life=&tenancy=12.5");
    expect(status).toBe(400);
    expect(view!.calculator).toEqual({
      values: { age: "three", life: "", tenancy: "12.5" },
      errors: [
        { field: "age", id: "wear-age", message: WEAR_AND_TEAR_MESSAGES.age.invalid },
        { field: "life", id: "wear-life", message: WEAR_AND_TEAR_MESSAGES.life.required },
        { field: "tenancy", id: "wear-tenancy", message: WEAR_AND_TEAR_MESSAGES.tenancy.invalid },
      ],
      result: null,
    });
  });

  it("junk in the query never fails: a 400, and a long value cut short on the page", async () => {
    const { status, view } = await load("i2", `?age=${"9".repeat(500)}&life=%00&tenancy=-1`);
    expect(status).toBe(400);
    expect(view!.calculator!.values.age).toHaveLength(40);
  });

  it("a charge of another kind reads as 'this charge', with the general checklist", async () => {
    const { view } = await load("i3");
    expect(view).toMatchObject({ name: "this charge", checklist: CHARGE_EVIDENCE.OTHER.checklist, proposalHref: null });
  });

  it("an item not on the claim: not found", async () => {
    expect((await load("nope")).status).toBe(404);
  });
});
