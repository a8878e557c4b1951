import { describe, expect, it } from "vitest";
import { tenancyInventoryOutcome } from "../../../server/domain/tenancy-inventory.js";

describe("tenancy inventory response (part 2 §2)", () => {
  it.each([
    { response: "CONFIRMED", own: null, others: [], outcome: "CONFIRMED", record: "CONFIRMED" },
    { response: "UNCONFIRMED", own: null, others: [null], outcome: "UNCONFIRMED", record: "UNCONFIRMED" },
    { response: "UNCONFIRMED", own: null, others: ["UNCONFIRMED"], outcome: "UNCONFIRMED", record: "UNCONFIRMED" },
    { response: "CONFIRMED", own: "UNCONFIRMED", others: [], outcome: "ALREADY_RESPONDED", record: null },
    { response: "CONFIRMED", own: "CONFIRMED", others: [], outcome: "ALREADY_RESPONDED", record: null },
    { response: "UNCONFIRMED", own: null, others: [null, "CONFIRMED"], outcome: "PREVIOUSLY_CONFIRMED", record: null },
    { response: "confirmed", own: null, others: [], outcome: "ERROR", record: null },
    { response: "MAYBE", own: "CONFIRMED", others: [], outcome: "ERROR", record: null },
    { response: "", own: null, others: [], outcome: "ERROR", record: null },
  ] as const)("response $response, own $own, co-tenants $others → $outcome", ({ response, own, others, outcome, record }) => {
    expect(tenancyInventoryOutcome({ response, ownResponse: own, coTenantResponses: others })).toEqual({ outcome, record });
  });
});
