import type { components } from "../../app/lib/api/schema";

type TenancyOrder = components["schemas"]["TenancyOrder"];
type KeyfreePayment = components["schemas"]["KeyfreePayment"];

/** A Keyfree as the tenant API answers it, and its fee paid: for the Keyfree page's tests and its statement's (issues 27, 39). */
export const address = {
  buildingName: null,
  roomNumber: null,
  flatNumber: "2",
  buildingNumber: "12",
  street: "High Street",
  subStreet: null,
  town: "Bristol",
  county: null,
  postcode: "BS1 4DJ",
  country: "GBR",
};

export function order(change: Partial<TenancyOrder> = {}): TenancyOrder {
  return {
    id: "o1",
    productId: "KEYFREE",
    statusId: "COMPLETE",
    accountStatus: "ACTIVE",
    status: "ACTIVE",
    statusLine: "This Keyfree is Active",
    redirectUrl: null,
    orderCustomerId: "oc1",
    orderCustomer: { id: "oc1", customerId: "cu1", fee: 30_000, tenantLiability: 1 },
    nextAction: null,
    checkoutSubRoute: null,
    hasOutstandingActions: false,
    tenants: [
      { id: "u1", customerId: "cu1", orderCustomerId: "oc1", firstName: "Ann", lastName: "Lee", email: "ann@example.test", displayName: "Ann Lee", tenantLiability: 1 },
      { id: "u2", customerId: null, orderCustomerId: null, firstName: "", lastName: "", email: "bo@example.test", displayName: "bo@example.test", tenantLiability: 0 },
    ],
    claim: null,
    documents: [{ id: "d1", name: "Signed terms and conditions", url: "/documents/d1", typeId: "SIGNED_TERMS" }],
    tenancy: { id: "t1", PPM: 130_000, startDate: "2026-01-05", endDate: "2027-01-04", isNewTenancy: true, property: { id: "p1", address } },
    ...change,
  } as TenancyOrder;
}

export const fee: KeyfreePayment = {
  id: "pay-fee",
  kind: "KEYFREE",
  amount: 30_000,
  paidAt: "2026-01-02T12:00:00.000Z",
  instalmentNumber: null,
  claimId: null,
  refundedAmount: 0,
  refundPending: false,
};
