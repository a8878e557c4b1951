import { describe, expect, it } from "vitest";
import type { components } from "../../app/lib/api/schema";
import { deadlineCalendar } from "../../app/routes/claims/+lib/claim-deadline-calendar";
import { deadlineView } from "../../app/routes/claims/+lib/claim-deadline-view";
import { HISTORY_PHRASES, itemPanelView } from "../../app/routes/claims/+lib/claim-item-view";
import { itemTypeLabel } from "../../app/routes/claims/+lib/claim-labels";
import { claimPageHref, claimPageState, mediationRedirect } from "../../app/routes/claims/+lib/claim-page-url";
import { claimPageView } from "../../app/routes/claims/+lib/claim-page-view";

type Claim = components["schemas"]["Claim"];
type Proposal = Claim["proposals"][number];

const NOW = new Date("2026-11-24T10:00:00Z");
const CLAIM_ID = "claim-1";
const ITEMS = ["item-a", "item-b"];

function proposal(p: Partial<Proposal> & Pick<Proposal, "id" | "round" | "status">, amounts: number[], settled: boolean[] = []): Proposal {
  return {
    claimId: CLAIM_ID,
    type: p.round === 3 ? "FINAL" : "STANDARD",
    source: p.round === 2 ? "TENANT" : "SUPPLIER",
    publishedAt: "2026-11-20T10:00:00.000Z",
    orderId: null,
    createdByUserId: null,
    createdByCurrentUser: p.round === 2,
    responseDeadline: "2026-11-27T23:59:59.999Z",
    autoResponded: false,
    holdExpiresAt: null,
    totalAmount: amounts.reduce((a, b) => a + b, 0),
    itemProposals: amounts.map((amount, i) => ({
      id: `${p.id}-ip${i}`,
      claimProposalId: p.id,
      claimItemId: ITEMS[i]!,
      amount,
      explanation: null,
      settled: settled[i] ?? false,
      // The generated type reads the nullable enum as non-null; the API sends null until settled.
      settledSource: (settled[i] ? (p.round === 2 ? "SUPPLIER" : "TENANT") : null) as "SUPPLIER",
      documents: [],
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
    })),
    ...p,
  };
}

const round1 = proposal({ id: "p1", round: 1, status: "AWAITING_RESPONSE" }, [18_000, 42_000]);

function claim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: CLAIM_ID,
    status: "AWAITING_RESPONDENTS",
    limit: 230_769,
    finalAmount: null,
    details: null,
    mediationEnabled: true,
    tenantDisputeMessage: null,
    organization: { name: "Harbour Lettings" },
    tenancy: {
      id: "t1",
      PPM: 100_000,
      startDate: "2025-01-01",
      endDate: "2026-10-31",
      property: { address: { buildingNumber: "12", street: "Orchard Road", town: "Bristol", postcode: "BS1 1AA" } as never },
    },
    documents: [{ id: "d1", name: "inventory check out.pdf", typeId: "INVENTORY_CHECK_OUT", url: "/documents/d1" }],
    items: [
      {
        id: "item-a",
        claimId: CLAIM_ID,
        description: "Professional clean",
        type: "CLEANING",
        isSettled: false,
        chargedAmount: 18_000,
        currentAmount: 18_000,
        landlordEvidence: [],
        tenantEvidence: [],
      },
      {
        id: "item-b",
        claimId: CLAIM_ID,
        description: "Rent owed",
        type: "RENTARREARS",
        isSettled: false,
        chargedAmount: 42_000,
        currentAmount: 42_000,
        landlordEvidence: [],
        tenantEvidence: [],
      },
    ],
    respondents: [
      { id: "r1", userId: "u1", firstName: "Casey", lastName: "Brennan", isCurrentUser: true, claimResponse: null },
    ],
    currentRespondent: { id: "r1", claimResponseId: null },
    proposals: [round1],
    responseDocuments: [],
    activities: [],
    evidenceChasers: [],
    adjudicationFeeOrder: null,
    arbitration: null,
    inProgress: true,
    currentProposalId: "p1",
    canRespond: true,
    awaitingTenantResponse: true,
    disputed: false,
    awaitingPayment: false,
    autoResponded: false,
    tenantDraftProposalId: null,
    proposalPayment: null,
    payableOrderId: null,
    payActions: [],
    chargesPayment: null,
    acceptDue: null,
    coTenantPayments: [],
    coTenants: [],
    bindingAnswer: null,
    allowedActions: ["accept", "counter"],
    awaitingResponseFrom: null,
    responseDeadline: "2026-11-27T23:59:59.999Z",
    daysRemaining: 3,
    urgency: "medium",
    paymentPlanId: null,
    coTenantOnPaymentPlan: false,
    moreTime: { canAsk: true, waiting: null },
    breathingSpace: null,
    ...overrides,
  };
}

const page = (query = "") => new URL(`http://localhost/claims/${CLAIM_ID}?mediationEnabled=true${query}`);
const collapsed = claimPageState(page());

describe("the deadline line (part 1 §4.1)", () => {
  it.each([
    [-1, "high", false, false, "You must respond immediately", "Urgent"],
    [-1, "high", true, true, "You must pay immediately", "Urgent"],
    [0, "medium", false, false, "Your deadline to respond is midnight tonight", "Due soon"],
    [1, "medium", false, false, "You have 1 day left to respond", "Due soon"],
    [3, "medium", false, false, "You have 3 days left to respond", "Due soon"],
    [5, "low", false, false, "You have 5 days left to respond", "Time to respond"],
  ] as const)("%i days (urgency %s, autoResponded %s): '%s'", (days, urgency, autoResponded, awaitingPayment, line, label) => {
    const view = deadlineView(claim({ daysRemaining: days, urgency, autoResponded, awaitingPayment }))!;
    expect(view.line).toBe(line);
    expect(view.urgency).toBe(urgency);
    // Urgency in words, not colour alone.
    expect(view.urgencyLabel).toBe(label);
  });

  it("gives the deadline's London day, and one sentence of what doing nothing means while it runs", () => {
    const view = deadlineView(claim())!;
    expect(view.isoDate).toBe("2026-11-27");
    expect(view.date).toBe("27th Nov 2026");
    expect(view.ifNothing).toBe("If you do nothing by the deadline, the charges are treated as accepted and you will have to pay them.");
    expect(deadlineView(claim({ daysRemaining: -1, urgency: "high" }))!.ifNothing).toBeNull();
  });

  it("a summer deadline (BST) is still its London day", () => {
    expect(deadlineView(claim({ responseDeadline: "2026-07-10T22:59:59.999Z" }))!.isoDate).toBe("2026-07-10");
  });

  it("no deadline (the other side is answering): no line", () => {
    expect(deadlineView(claim({ responseDeadline: null, daysRemaining: null, urgency: null }))).toBeNull();
  });
});

describe("the item panel (part 1 §2.5, §4.1)", () => {
  it("type title-cased: RENTARREARS → 'Rent Arrears', unknown types word by word", () => {
    expect(itemTypeLabel("RENTARREARS")).toBe("Rent Arrears");
    expect(itemTypeLabel("CLEANING")).toBe("Cleaning");
    expect(itemTypeLabel("GARDEN_WASTE")).toBe("Garden Waste");
  });

  it("'Item charges' with the landlord's amount, Agree/Disagree, and the required highlight", () => {
    const c = claim();
    const item = itemPanelView(c, c.items[0]!, collapsed, NOW);
    expect(item).toMatchObject({ amountLabel: "Item charges", amount: "£180.00", typeLabel: "Cleaning", icon: null, required: true });
    expect(item.actions).toEqual({
      kind: "answer",
      agreeAction: "/claims/claim-1/items/item-a/proposal",
      disagreeHref: "/claims/claim-1/items/item-a/proposal",
    });
  });

  it("required only when the tenant can respond, the panel is collapsed, no draft exists, and round 1 is not settled", () => {
    const c = claim();
    const expanded = claimPageState(page("&item=item-a&tab=history"));
    expect(itemPanelView(c, c.items[0]!, expanded, NOW).required).toBe(false);
    expect(itemPanelView(claim({ canRespond: false }), c.items[0]!, collapsed, NOW).required).toBe(false);
    expect(itemPanelView(claim({ tenantDraftProposalId: "p2" }), c.items[0]!, collapsed, NOW).required).toBe(false);
    const settled = claim({ proposals: [{ ...round1, status: "SETTLED" }] });
    expect(itemPanelView(settled, c.items[0]!, collapsed, NOW).required).toBe(false);
    expect(itemPanelView(claim({ proposals: [] }), c.items[0]!, collapsed, NOW).required).toBe(false);
  });

  it("a proposal waiting for its payment: the sync state in words, nothing to answer, and no 'Response required' (issue 24)", () => {
    // Published, at the payment step: no draft, the tenant can still respond (accept, or go back),
    // but no item can be agreed or disagreed with.
    const atPayment = proposal({ id: "p2", round: 2, status: "AWAITING_PAYMENT" }, [9_000, 20_000]);
    const c = claim({
      proposals: [round1, atPayment],
      tenantDraftProposalId: null,
      allowedActions: ["accept", "unpublish"],
      proposalPayment: { claimProposalId: "p2", orderId: "o2", orderCustomerActionId: "a2", amount: 29_000 },
    });
    for (const i of [0, 1]) {
      const item = itemPanelView(c, c.items[i]!, collapsed, NOW);
      expect(item).toMatchObject({ amountLabel: "Your proposal", icon: "sync", statusText: "Your proposal is waiting for its payment", actions: null });
      expect(item.required).toBe(false);
    }
    // A co-tenant's proposal in progress: this tenant may accept the charges, but answers no item.
    const coTenants = claim({ allowedActions: ["accept"] });
    expect(itemPanelView(coTenants, coTenants.items[0]!, collapsed, NOW)).toMatchObject({ actions: null, required: false });
  });

  it("nothing to act on when the tenant cannot respond", () => {
    const c = claim({ canRespond: false, allowedActions: [] });
    expect(itemPanelView(c, c.items[0]!, collapsed, NOW).actions).toBeNull();
  });

  it("'Your proposal' with the sync state in words, and Edit / Back once the tenant's draft has the item", () => {
    const draft = proposal({ id: "p2", round: 2, status: "DRAFT" }, [9_000]);
    const c = claim({ proposals: [round1, draft], tenantDraftProposalId: "p2", allowedActions: ["accept", "publish"] });
    const item = itemPanelView(c, c.items[0]!, collapsed, NOW);
    expect(item).toMatchObject({ amountLabel: "Your proposal", amount: "£90.00", icon: "sync", statusText: "Your proposal is not submitted yet" });
    expect(item.actions).toEqual({ kind: "edit", editHref: "/claims/claim-1/items/item-a/proposal", backHref: null });
    // Back (to the charges list) once the panel is open.
    const open = itemPanelView(c, c.items[0]!, claimPageState(page("&item=item-a&tab=evidence")), NOW);
    expect(open.actions).toMatchObject({ kind: "edit", backHref: "/claims/claim-1?mediationEnabled=true#item-item-a" });
    // The other item has no proposal yet: Agree / Disagree.
    expect(itemPanelView(c, c.items[1]!, collapsed, NOW).actions).toMatchObject({ kind: "answer" });
  });

  it("'Accepted proposal' with a tick when the landlord accepted the tenant's proposal; 'Agreed settlement' otherwise", () => {
    const accepted = proposal({ id: "p2", round: 2, status: "SETTLED" }, [9_000, 40_000], [true, true]);
    const c = claim({
      proposals: [{ ...round1, status: "SETTLED" }, accepted],
      items: claim().items.map((i) => ({ ...i, isSettled: true })),
      canRespond: false,
      allowedActions: [],
    });
    expect(itemPanelView(c, c.items[0]!, collapsed, NOW)).toMatchObject({
      amountLabel: "Accepted proposal",
      amount: "£90.00",
      icon: "tick",
      statusText: "Your landlord accepted your proposal",
      actions: null,
    });
    const final = proposal({ id: "p3", round: 3, status: "SETTLED" }, [12_000, 40_000], [true, true]);
    const agreed = claim({ proposals: [round1, accepted, final], items: c.items, canRespond: false, allowedActions: [] });
    expect(itemPanelView(agreed, agreed.items[0]!, collapsed, NOW)).toMatchObject({
      amountLabel: "Agreed settlement",
      amount: "£120.00",
      icon: "tick",
      statusText: "Settled",
    });
  });

  it("History: the spec's phrases with amount, relative time, exact date and reasoning, newest first", () => {
    const activity = (id: string, activityType: string, amount: number, createdAt: string, reasoning?: string) => ({
      id,
      activityType,
      details: { claimItemId: "item-a", amount, ...(reasoning ? { reasoning } : {}) },
      userId: null,
      byCurrentUser: false,
      createdAt,
    });
    const c = claim({
      activities: [
        activity("a1", "CHARGE_CREATED", 18_000, "2026-11-20T10:00:00.000Z", "Oven left greasy"),
        activity("a2", "TENANT_PROPOSED", 9_000, "2026-11-22T10:00:00.000Z", "Only the oven"),
        activity("a3", "PROPOSAL_ACCEPTED", 9_000, "2026-11-23T10:00:00.000Z"),
        activity("a4", "FINAL_PROPOSAL", 12_000, "2026-11-23T10:00:00.000Z"),
        activity("a5", "CHARGE_ACCEPTED", 12_000, "2026-11-24T09:00:00.000Z"),
        { ...activity("other", "CHARGE_CREATED", 1, "2026-11-20T10:00:00.000Z"), details: { claimItemId: "item-b", amount: 1 } },
        { ...activity("screen", "EXPLAINER_VIEWED", 0, "2026-11-20T10:00:00.000Z"), details: {} },
      ],
    });
    const open = itemPanelView(c, c.items[0]!, claimPageState(page("&item=item-a&tab=history")), NOW);
    expect(open.history.map((h) => `${h.phrase} ${h.amount}`)).toEqual([
      "You accepted your landlord's charge of £120.00",
      "Your landlord put forward a final proposal of £120.00",
      "Your landlord accepted your proposal of £90.00",
      "You proposed £90.00",
      "Your landlord created a charge of £180.00",
    ]);
    expect(open.history.at(-1)).toMatchObject({ relative: "4 days ago", at: "2026-11-20T10:00:00.000Z", date: "20th Nov 2026", reasoning: "Oven left greasy" });
    expect(open.history[0]).toMatchObject({ relative: "an hour ago", reasoning: null });
    expect(HISTORY_PHRASES.CHARGE_CREATED).toBe("Your landlord created a charge of");
    // Collapsed panels carry no history.
    expect(itemPanelView(c, c.items[0]!, collapsed, NOW).history).toEqual([]);
  });

  it("Evidence: the landlord's and the tenant's documents, linked through the web app", () => {
    const doc = (id: string, source: "SUPPLIER" | "TENANT") => ({
      id,
      claimItemDocumentId: `l-${id}`,
      claimItemId: "item-a",
      claimItemProposalId: null,
      name: `${id}.pdf`,
      typeId: "CLAIM_ITEM",
      url: `/documents/${id}`,
      source,
      uploadedByCurrentUser: source === "TENANT",
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    const base = claim();
    const c = claim({ items: [{ ...base.items[0]!, landlordEvidence: [doc("l1", "SUPPLIER")], tenantEvidence: [doc("t1", "TENANT")] }, base.items[1]!] });
    const open = itemPanelView(c, c.items[0]!, claimPageState(page("&item=item-a&tab=evidence")), NOW);
    expect(open.tab).toBe("evidence");
    expect(open.landlordEvidence).toEqual([{ id: "l1", name: "l1.pdf", href: "/documents/l1" }]);
    expect(open.tenantEvidence).toEqual([{ id: "t1", name: "t1.pdf", href: "/documents/t1" }]);
    expect(open.tabHrefs).toEqual({
      history: "/claims/claim-1?mediationEnabled=true&item=item-a&tab=history#item-item-a",
      evidence: "/claims/claim-1?mediationEnabled=true&item=item-a&tab=evidence#item-item-a",
    });
    expect(open.hideHref).toBe("/claims/claim-1?mediationEnabled=true#item-item-a");
  });
});

describe("the page's state in the URL", () => {
  it("adds mediationEnabled=true once when the claim has mediation, keeping the rest", () => {
    const c = claim();
    expect(mediationRedirect(c, new URL("http://x/claims/claim-1"))).toBe("/claims/claim-1?mediationEnabled=true");
    expect(mediationRedirect(c, new URL("http://x/claims/claim-1?intro"))).toBe("/claims/claim-1?mediationEnabled=true&intro");
    expect(mediationRedirect(c, new URL("http://x/claims/claim-1?mediationEnabled=true&intro"))).toBeNull();
    expect(mediationRedirect(claim({ mediationEnabled: false }), new URL("http://x/claims/claim-1"))).toBeNull();
  });

  it("links: Read intro, the explainer, Continue to charges", () => {
    expect(claimPageHref(claim(), { intro: true }, "mediation")).toBe("/claims/claim-1?mediationEnabled=true&intro#mediation");
    expect(claimPageHref(claim({ mediationEnabled: false }), { explainer: true })).toBe("/claims/claim-1?explainer");
    expect(claimPageState(page("&intro&explainer"))).toEqual({ itemId: null, tab: "history", intro: true, explainer: true });
  });
});

describe("the page view", () => {
  it("Accept charges when allowed; Continue only when every item has a proposal in the draft, else what is missing", () => {
    expect(claimPageView(claim(), page(), NOW)).toMatchObject({ acceptHref: "/claims/claim-1/accept", continueStep: null, payHref: null });
    const partial = proposal({ id: "p2", round: 2, status: "DRAFT" }, [9_000]);
    const withPartial = claim({ proposals: [round1, partial], tenantDraftProposalId: "p2" });
    expect(claimPageView(withPartial, page(), NOW).continueStep).toEqual({ missing: ["Rent owed"] });
    const full = proposal({ id: "p2", round: 2, status: "DRAFT" }, [9_000, 40_000]);
    const withFull = claim({ proposals: [round1, full], tenantDraftProposalId: "p2" });
    const view = claimPageView(withFull, page(), NOW);
    expect(view.continueStep).toEqual({ href: "/claims/claim-1/submit" });
    expect(view.proposal).toEqual({
      status: "Not submitted yet",
      lines: [
        { description: "Professional clean", amount: "£90.00" },
        { description: "Rent owed", amount: "£400.00" },
      ],
      total: "£490.00",
    });
  });

  it("Pay now when the accepted charges wait for this tenant's payment; the proposal payment when it waits", () => {
    const paying = claim({
      awaitingPayment: true,
      canRespond: false,
      allowedActions: [],
      payActions: [{ id: "a1", typeId: "CLAIM_PAY", orderId: "o1", amountRemaining: 30_000, completedAt: null }],
    });
    expect(claimPageView(paying, page(), NOW).payHref).toBe("/claims/claim-1/pay");
    const atPayment = claim({ proposalPayment: { claimProposalId: "p2", orderId: "o2", orderCustomerActionId: "a2", amount: 49_000 } });
    expect(claimPageView(atPayment, page(), NOW)).toMatchObject({
      proposalPaymentHref: "/claims/claim-1/proposal-payment",
      proposalPaymentAmount: "£490.00",
    });
  });

  it("the co-tenant warning names the other respondents, only when there are several", () => {
    expect(claimPageView(claim(), page(), NOW).coTenants).toEqual([]);
    const shared = claim({
      respondents: [
        ...claim().respondents,
        { id: "r2", userId: "u2", firstName: "Jo", lastName: "Brennan", isCurrentUser: false, claimResponse: null },
      ],
    });
    expect(claimPageView(shared, page(), NOW).coTenants).toEqual(["Jo Brennan"]);
  });

  it("'Awaiting response from {organisation}', 'Payment plan in progress', and no supporting information to add once the tenant cannot respond", () => {
    const waiting = claimPageView(
      claim({ awaitingResponseFrom: "Harbour Lettings", coTenantOnPaymentPlan: true, canRespond: false, allowedActions: [] }),
      page(),
      NOW,
    );
    expect(waiting).toMatchObject({
      awaitingResponseFrom: "Harbour Lettings",
      coTenantOnPaymentPlan: true,
      canAddSupportingInformation: false,
      acceptHref: null,
      continueStep: null,
    });
    expect(claimPageView(claim(), page(), NOW).canAddSupportingInformation).toBe(true);
  });

  it("tenancy documents in the API's order, with their type in words", () => {
    expect(claimPageView(claim(), page(), NOW).tenancyDocuments).toEqual([
      { id: "d1", name: "inventory check out.pdf", href: "/documents/d1", type: "Inventory check out" },
    ]);
  });
});

describe("the deadline as a calendar file (RFC 5545)", () => {
  it("one all-day VEVENT on the deadline's London day, CRLF line ends, folded lines", () => {
    const ics = deadlineCalendar(claim(), "https://keyfree.example", NOW)!;
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261127");
    expect(lines).toContain("DTEND;VALUE=DATE:20261128");
    expect(lines).toContain("DTSTAMP:20261124T100000Z");
    expect(lines.some((l) => l.startsWith("UID:claim-claim-1-deadline-20261127@"))).toBe(true);
    expect(lines).toContain("SUMMARY:Keyfree: deadline to respond to your end of tenancy charges");
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolded, the description escapes commas.
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toMatch(/DESCRIPTION:.*12 Orchard Road\\, Bristol/);
    expect(unfolded).toContain("URL:https://keyfree.example/claims/claim-1");
  });

  it("no deadline, no file", () => {
    expect(deadlineCalendar(claim({ responseDeadline: null }), "https://keyfree.example", NOW)).toBeNull();
  });
});

describe("more time to answer on the claim page (issue 36, decision 0049)", () => {
  it("links 'Ask for more time' while a tenant may ask, and says so while a request waits", () => {
    expect(claimPageView(claim(), page(), NOW).moreTime).toEqual({ href: "/claims/claim-1/more-time", waiting: null });
    expect(claimPageView(claim({ moreTime: { canAsk: false, waiting: null } }), page(), NOW).moreTime).toBeNull();
    const waiting = claim({ moreTime: { canAsk: false, waiting: { answerBy: "2026-11-25T23:59:59.999Z", askedByYou: false, askedBy: "Jo Brennan" } } });
    expect(claimPageView(waiting, page(), NOW).moreTime).toEqual({
      href: "/claims/claim-1/more-time",
      waiting: "Jo Brennan asked for more time. We will answer by 25th Nov 2026 (midnight, UK time). Until then, the charges will not be treated as accepted.",
    });
  });
});
