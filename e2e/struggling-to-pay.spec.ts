import { DEBT_ADVISERS } from "#common/debt-advice";
import { STRUGGLING_TO_PAY_PATH } from "#common/struggling-to-pay";
import { CHECKOUT_ACTION_TYPES } from "../server/domain/statuses";
import { expect, expectAccessible, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * Issue 36, scope 1: "Struggling to pay?" (no sign-in, no script): free debt advice, each number
 * a `tel:` link with its hours, and what we can do; and every page that asks for money links it.
 * One tenant, one journey: each payment page is visited once, in the state ops put it in, for its
 * link. Those pages' states (the block included) are checked by axe, the HTML checker and the text
 * check in their own journeys (checkout-pay, claim-pay, claim-dispute, arbitration, annual-fee,
 * payment-plan-live); here only the help page's two states are new: signed out, and signed in
 * (its header) after following the link.
 */
type Ops = (path: string, body: unknown) => Promise<unknown>;

const BEFORE_PAY = CHECKOUT_ACTION_TYPES.filter((type) => type !== "KEYFREE_PAY");

/** One tenant owing money in every way a page asks for it: a tenancy (or a claim) for each. */
async function owingEverywhere(ops: Ops, email: string) {
  const tenant = { email, firstName: "Hope", lastName: "Able" };
  const tenancy = (extra: object) =>
    ops("create-tenancy", {
      tenants: [tenant],
      ppm: 120_000,
      startDate: "2025-01-01",
      endDate: "2027-12-31",
      isNewTenancy: false,
      topUpEnabled: true,
      orderStatus: "COMPLETE",
      ...extra,
    }) as Promise<{ tenancyId: string; orderId: string; tenants: { customerId: string; orderCustomerId: string }[] }>;
  const claimOn = async (mediationEnabled: boolean) => {
    const { tenancyId } = await tenancy({});
    return (await ops("raise-claim", {
      tenancyId,
      items: [{ description: "Carpet cleaning", type: "CLEANING", amount: 18_000, evidence: 0 }],
      mediationEnabled,
    })) as { claimId: string; claimProposalId: string; itemIds: string[] };
  };

  // The checkout at its Pay step (a new tenancy, every step before Pay done).
  const checkout = await tenancy({ startDate: "2027-01-01", isNewTenancy: true, orderStatus: undefined, completed: [BEFORE_PAY] });
  // The annual fee, in the tenancy's second year.
  const keyfree = await tenancy({});
  const annual = (await ops("create-annual-fee", { tenancyId: keyfree.tenancyId, years: 1 })) as { orderId: string };
  // A missed instalment of a live payment plan.
  const plan = (await ops("offer-payment-plan", {
    orderCustomerId: keyfree.tenants[0]!.orderCustomerId,
    amount: 30_000,
    instalments: 3,
    firstDueDate: "2027-03-01",
  })) as { paymentPlanId: string };
  await ops("activate-payment-plan", { paymentPlanId: plan.paymentPlanId, completeEarlierSteps: true });
  await ops("fail-instalment", { paymentPlanId: plan.paymentPlanId, instalmentNumber: 1 });
  // Charges accepted, to pay.
  const accepted = await claimOn(true);
  await ops("tenant-accept", { claimId: accepted.claimId, claimProposalId: accepted.claimProposalId, email });
  // A proposal sent, waiting for its upfront payment.
  const proposed = await claimOn(true);
  const draft = (await ops("tenant-item-proposals", {
    claimId: proposed.claimId,
    email,
    proposals: [{ claimItemId: proposed.itemIds[0], amount: 9_000, explanation: "Only one room needed cleaning" }],
  })) as { claimProposalId: string };
  await ops("tenant-publish-proposal", { claimId: proposed.claimId, claimProposalId: draft.claimProposalId, email });
  // A dispute whose £60 fee is due.
  const disputed = await claimOn(false);
  await ops("tenant-dispute", { claimId: disputed.claimId, claimProposalId: disputed.claimProposalId, email, message: "The carpet was clean" });
  // The adjudicator's award, to pay.
  const adjudicated = await claimOn(false);
  const fee = (await ops("tenant-dispute", {
    claimId: adjudicated.claimId,
    claimProposalId: adjudicated.claimProposalId,
    email,
    message: "The carpet was clean",
  })) as { feeActionId: string };
  await ops("pay-action", { orderCustomerActionId: fee.feeActionId });
  const { arbitrationId } = (await ops("send-to-adjudication", { claimId: adjudicated.claimId })) as { arbitrationId: string };
  await ops("decide-adjudication", { claimId: adjudicated.claimId, amount: 9_000, reportPdf: false });

  return [
    ["the checkout's Pay", `/checkout/${checkout.orderId}/${checkout.tenants[0]!.customerId}/pay`, "Payment"],
    ["the annual fee", `/annual-fee/${annual.orderId}/${keyfree.tenants[0]!.customerId}`, "Annual fee"],
    ["a missed instalment", `/payment-plan/${plan.paymentPlanId}/manual-payment`, "Pay your missed instalment"],
    ["claim pay", `/claims/${accepted.claimId}/pay`, "Pay the charges"],
    ["the proposal payment", `/claims/${proposed.claimId}/proposal-payment`, "Pay for your proposal"],
    ["the dispute fee", `/claims/${disputed.claimId}/dispute-fee`, "Pay the dispute fee"],
    ["the adjudication's page", `/arbitrations/${arbitrationId}`, "Your adjudication"],
    ["the adjudicator's award", `/arbitrations/${arbitrationId}/pay`, "Pay for your adjudication"],
  ] as const;
}

test("'Struggling to pay?': free advice with numbers to call and their hours, what we can do; every page that asks for money links it", async ({
  page,
  ops,
}) => {
  test.slow(); // eight pages, each set up by the back office
  const email = `struggling-${uniqueStamp()}@example.test`;
  // The back office sets the pages up while the help page is checked.
  const pages = owingEverywhere(ops, email);
  pages.catch(() => undefined); // awaited below, where a failure fails the test

  // Signed out: the page needs no sign-in.
  await page.goto(STRUGGLING_TO_PAY_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Struggling to pay?" })).toBeVisible();
  const advice = page.getByRole("region", { name: "Free, independent debt advice" });
  for (const adviser of DEBT_ADVISERS) {
    await expect(advice.getByRole("heading", { level: 3, name: adviser.name })).toBeVisible();
    // The number is shown as text and dials: never hidden behind a button.
    await expect(advice.getByRole("link", { name: adviser.phone, exact: true })).toHaveAttribute("href", `tel:${adviser.dial}`);
    await expect(advice.getByText(`Opening hours: ${adviser.hours}`)).toBeVisible();
    await expect(advice.getByRole("link", { name: adviser.websiteName, exact: true })).toHaveAttribute("href", adviser.website);
  }
  const weCan = page.getByRole("region", { name: "What we can do" });
  await expect(weCan.getByRole("link", { name: "Work out a plan from your budget" })).toHaveAttribute("href", "/help/struggling-to-pay/budget");
  await expect(weCan.getByText('choose "Ask for more time"')).toBeVisible();
  await expect(weCan.getByRole("link", { name: "Tell us about Breathing Space" })).toHaveAttribute("href", "/help/breathing-space");
  await expect(weCan.getByRole("link", { name: "Tell us what would help" })).toHaveAttribute("href", "/account/support-needs");
  // What happens if nothing is done, after the way out, in the terms' own figures.
  const ifNothing = page.getByRole("region", { name: "What happens if nothing is done" });
  await expect(ifNothing).toContainText("not answered within 7 days, or not paid in time, are treated as accepted");
  await expect(ifNothing).toContainText("continuous payment authority");
  await expect(ifNothing).toContainText("4% a year above the Bank of England base rate");
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expectAccessible(page);

  // Signed in, every page that asks for money links it.
  const payPages = await pages;
  await signedInAs(page, email, payPages[0][1]);
  for (const [i, [what, url, heading]] of payPages.entries()) {
    if (i > 0) await page.goto(url);
    await expect(page, what).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading }), what).toBeVisible();
    await expect(page.getByRole("link", { name: "Struggling to pay?" }), what).toHaveAttribute("href", STRUGGLING_TO_PAY_PATH);
  }
  // Followed from the last one, it lands on the page, with the tenant's header.
  await page.getByRole("link", { name: "Struggling to pay?" }).click();
  await expect(page).toHaveURL(new RegExp(`${STRUGGLING_TO_PAY_PATH}$`));
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Struggling to pay?" })).toBeVisible();
  await expectAccessible(page);
});
