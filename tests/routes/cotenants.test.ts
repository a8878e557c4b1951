import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext } = await import("../../app/lib/api.server");
const { checkoutContext } = await import("../../app/routes/checkout/+lib/checkout.server");
const { bindingWords, coTenantsPanel, COTENANT_REMINDER_PATH } = await import("../../app/lib/cotenants.server");
const keyfreePage = await import("../../app/routes/keyfrees/keyfree");
const checkoutIndex = await import("../../app/routes/checkout/index");
const finish = await import("../../app/routes/checkout/finish");

type CoTenant = import("../../app/lib/api/schema").components["schemas"]["CoTenant"];

/**
 * Your co-tenants (issue 38, decision 0061): the panel's words made in the loader, and the
 * first payer on a shared Keyfree reaching 'Processing...' from the dashboard card's link
 * (/checkout/:orderId/:customerId) and from the receipt's link (/keyfrees/:orderId).
 */
const AT = "2026-11-22T10:00:00.000Z";
const bo: CoTenant = { id: "cu2", firstName: "Bo", lastName: "Ray", done: [{ kind: "FINISHED_STEPS", at: AT }], waitingFor: "PAY_SHARE" };
const cy: CoTenant = { id: "cu3", firstName: "Cy", lastName: "Hall", done: [{ kind: "FINISHED_STEPS", at: AT }, { kind: "PAID_SHARE", at: AT }], waitingFor: null };

describe("the co-tenants panel's words", () => {
  it("each co-tenant by name, what they did and when (UK time), what is waiting, and 'Remind {first name}' only where something is", () => {
    const panel = coTenantsPanel([bo, cy], { orderId: "o1" }, "/checkout/o1/cu1/finish");
    expect(panel).toEqual({
      action: COTENANT_REMINDER_PATH,
      lead: [],
      note: "Times are UK time. A reminder is an e-mail from us; you can send each co-tenant one a day.",
      rows: [
        {
          id: "cu2",
          name: "Bo Ray",
          lines: ["Finished their checkout steps at 10:00am on 22nd Nov 2026.", "Still to do: pay their share."],
          remind: { label: "Remind Bo", fields: { orderId: "o1", customerId: "cu2", from: "/checkout/o1/cu1/finish" } },
        },
        {
          id: "cu3",
          name: "Cy Hall",
          lines: ["Finished their checkout steps at 10:00am on 22nd Nov 2026.", "Paid their share at 10:00am on 22nd Nov 2026.", "Nothing left to do."],
          remind: null,
        },
      ],
    });
    expect(coTenantsPanel([], { orderId: "o1" }, "/")).toBeNull();
    // On a claim the form names the claim and the co-tenant's respondent id.
    expect(coTenantsPanel([bo], { claimId: "c1" }, "/claims/c1")!.rows[0]!.remind!.fields).toEqual({ claimId: "c1", claimRespondentId: "cu2", from: "/claims/c1" });
  });

  it("whose answer binds the claim and when: a co-tenant's, the tenant's own, or nobody's in time", () => {
    expect(bindingWords({ how: "DISPUTED", firstName: "Bo", lastName: "Ray", byYou: false, at: "2026-07-01T09:30:00.000Z" })).toBe(
      "Bo Ray's answer binds everyone on the claim: Bo disputed the charges at 10:30am on 1st Jul 2026.",
    );
    expect(bindingWords({ how: "ACCEPTED", firstName: "Ann", lastName: "Lee", byYou: true, at: AT })).toBe(
      "Your answer binds everyone on the claim: you accepted the charges at 10:00am on 22nd Nov 2026.",
    );
    expect(bindingWords({ how: "DEEMED_ACCEPTED", firstName: null, lastName: null, byYou: false, at: AT })).toBe(
      "Nobody answered in time, so the charges were treated as accepted at 10:00am on 22nd Nov 2026. This binds everyone on the claim.",
    );
  });
});

/** The first payer's order customer: their part done, the Keyfree pending until Bo pays. */
function firstPayer(statusId: "PENDING" | "COMPLETE" = "PENDING") {
  return {
    id: "oc1",
    nextAction: null,
    checkoutSubRoute: null,
    actions: [{ id: "a1", typeId: "KEYFREE_PAY", completedAt: AT, details: {} }],
    customer: { id: "cu1" },
    order: { id: "o1", statusId, productId: "KEYFREE", redirectUrl: null },
    coTenants: [bo],
  };
}

function checkoutRequest(path: string, oc = firstPayer()) {
  const context = new RouterContextProvider();
  context.set(checkoutContext, { oc, user: {}, subRoute: path.split("/")[4] ?? null, changing: false } as never);
  const url = new URL(`http://localhost${path}`);
  return { context, url, request: new Request(url), params: { orderId: "o1", customerId: "cu1" } } as never;
}

async function redirectOf(promise: unknown) {
  const thrown = await Promise.resolve(promise).then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get("location");
}

describe("the first payer on a shared Keyfree reaches 'Processing...'", () => {
  it("from the dashboard card's link: the checkout sends them to Finish, which shows 'Processing...' with their co-tenants", async () => {
    expect(await redirectOf((async () => checkoutIndex.loader(checkoutRequest("/checkout/o1/cu1")))())).toBe("/checkout/o1/cu1/finish");
    const data = finish.loader(checkoutRequest("/checkout/o1/cu1/finish"));
    expect(data.state).toBe("awaitingOthers");
    expect(data.coTenants!.rows.map((r) => r.remind?.label)).toEqual(["Remind Bo"]);
    // Once everyone has paid, the checkout has nothing to show: home.
    expect(await redirectOf((async () => checkoutIndex.loader(checkoutRequest("/checkout/o1/cu1", firstPayer("COMPLETE"))))())).toBe("/");
    expect(finish.loader(checkoutRequest("/checkout/o1/cu1/finish", firstPayer("COMPLETE"))).state).toBe("done");
  });

  it("from the receipt's link: /keyfrees/:orderId of a pending Keyfree goes to the same checkout, and so to 'Processing...'", async () => {
    const context = new RouterContextProvider();
    context.set(apiContext, {
      GET: async (path: string) =>
        path === "/tenancy-orders/{id}"
          ? { id: "o1", status: "IN_PROGRESS", statusId: "PENDING", orderCustomer: { customerId: "cu1" } }
          : { orderId: "o1", payments: [] },
    } as never);
    const location = await redirectOf(keyfreePage.loader({ params: { orderId: "o1" }, context } as never));
    expect(location).toBe("/checkout/o1/cu1");
    expect(await redirectOf((async () => checkoutIndex.loader(checkoutRequest(location!)))())).toBe("/checkout/o1/cu1/finish");
  });
});
