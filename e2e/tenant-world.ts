/**
 * A tenant with one of each record a web route's id can name (issue 8's isolation gate, issue 23's
 * fuzz gate): a checkout at the Pay step, a Keyfree in its second year with the annual fee due,
 * a payment plan offered, charges with evidence, and a claim decided by the adjudicator (its dispute
 * fee paid: a payment with a receipt). The ids
 * are keyed by the route parameter that names them (app/routes.ts).
 */
export type World = { email: string; ids: Record<string, string[]> };

export async function world(
  ops: (path: string, body: unknown) => Promise<unknown>,
  email: string,
  firstName: string,
): Promise<World> {
  const tenancy = (extra: object) =>
    ops("create-tenancy", {
      tenants: [{ email, firstName, lastName: "Tenant" }],
      ppm: 130_000,
      startDate: "2025-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      ...extra,
    }) as Promise<{
      orderId: string;
      tenancyId: string;
      tenants: Array<{ customerId: string; orderCustomerId: string }>;
    }>;
  const checkout = await tenancy({
    completed: [
      [
        "KEYFREE_ABOUT_YOU",
        "KEYFREE_ADDRESS_HISTORY",
        "KEYFREE_REFERENCING",
        "KEYFREE_CONFIRM",
        "KEYFREE_SIGN",
        "KEYFREE_SIGN_ADDENDUM",
      ],
    ],
  });
  const done = await tenancy({ orderStatus: "COMPLETE", isNewTenancy: false });
  const annual = (await ops("create-annual-fee", {
    tenancyId: done.tenancyId,
    years: 1,
  })) as { orderId: string };
  // A payment plan offered for a balance: its pages.
  const plan = (await ops("offer-payment-plan", {
    orderCustomerId: done.tenants[0]!.orderCustomerId,
    amount: 30_000,
    instalments: 3,
    firstDueDate: "2027-03-01",
  })) as { paymentPlanId: string };
  const claim = (await ops("raise-claim", {
    tenancyId: done.tenancyId,
    items: [
      {
        description: "Carpet cleaning",
        type: "CLEANING",
        amount: 18_000,
        evidence: 1,
      },
    ],
    mediationEnabled: true,
  })) as { claimId: string; itemIds: string[]; documentIds: string[] };
  // A claim disputed, its fee paid and decided by the adjudicator: the arbitration's pages.
  const adjudicated = await tenancy({
    orderStatus: "COMPLETE",
    isNewTenancy: false,
  });
  const disputed = (await ops("raise-claim", {
    tenancyId: adjudicated.tenancyId,
    items: [
      { description: "Redecoration", type: "REDECORATION", amount: 18_000 },
    ],
    mediationEnabled: false,
  })) as { claimId: string; claimProposalId: string };
  const fee = (await ops("tenant-dispute", {
    ...disputed,
    email,
    message: "The walls were marked already",
  })) as { feeActionId: string };
  await ops("pay-action", { orderCustomerActionId: fee.feeActionId });
  const { arbitrationId } = (await ops("send-to-adjudication", {
    claimId: disputed.claimId,
  })) as { arbitrationId: string };
  await ops("decide-adjudication", {
    claimId: disputed.claimId,
    amount: 9_000,
    reportPdf: false,
  });
  // Last, so it holds the above: a download of the tenant's data, ready (issue 40).
  const { exportId } = (await ops("data-export", { email })) as { exportId: string };
  return {
    email,
    ids: {
      // The Keyfree with the adjudicated claim too: its page, and its dispute fee's receipt (issue 27).
      orderId: [checkout.orderId, annual.orderId, adjudicated.orderId],
      customerId: [checkout.tenants[0]!.customerId],
      documentId: claim.documentIds,
      claimId: [claim.claimId],
      claimItemId: claim.itemIds,
      arbitrationId: [arbitrationId],
      paymentPlanId: [plan.paymentPlanId],
      paymentId: [fee.feeActionId],
      exportId: [exportId],
    },
  };
}
