/**
 * The tenancy inventory confirmation, answered from an e-mail link without
 * login (part 2 §2 route table and tenancy inventory pages).
 */
import { createSpellingNormaliser } from "./spelling.js";

export const INVENTORY_RESPONSES = ["CONFIRMED", "UNCONFIRMED"] as const;
export type InventoryResponse = (typeof INVENTORY_RESPONSES)[number];
export const normaliseInventoryResponse = createSpellingNormaliser(INVENTORY_RESPONSES);

/** The page the web shows for each outcome. */
export const INVENTORY_OUTCOMES = ["CONFIRMED", "UNCONFIRMED", "ALREADY_RESPONDED", "PREVIOUSLY_CONFIRMED", "ERROR"] as const;
export type InventoryOutcome = (typeof INVENTORY_OUTCOMES)[number];

export interface InventoryResponseState {
  /** The response as sent (any string). */
  response: string;
  /** This recipient's earlier response, if any. */
  ownResponse: InventoryResponse | null;
  /** The co-tenants' responses to the same request. */
  coTenantResponses: readonly (InventoryResponse | null)[];
}

/**
 * The outcome of answering (part 2 §2): a response that is neither CONFIRMED
 * nor UNCONFIRMED is an error ('any other value shows the error page'); a
 * recipient who answered before gets 'We have already logged a response from
 * you.'; when a co-tenant has already confirmed receipt, 'We have already
 * received confirmation of a co-tenant receiving your tenancy inventory.';
 * otherwise the response is recorded and shown.
 * Reading chosen: in the last two cases nothing new is recorded, so a
 * co-tenant's confirmation is never followed by a request to chase the agent.
 */
export function tenancyInventoryOutcome(state: InventoryResponseState): { outcome: InventoryOutcome; record: InventoryResponse | null } {
  const response = normaliseInventoryResponse(state.response);
  if (response === null) return { outcome: "ERROR", record: null };
  if (state.ownResponse !== null) return { outcome: "ALREADY_RESPONDED", record: null };
  if (state.coTenantResponses.includes("CONFIRMED")) return { outcome: "PREVIOUSLY_CONFIRMED", record: null };
  return { outcome: response, record: response };
}
