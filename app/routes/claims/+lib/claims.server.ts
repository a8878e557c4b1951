import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { components } from "~/lib/api/schema";
import { ApiFailure, apiContext, failureMessage } from "~/lib/api.server";
import { claimPageHref } from "./claim-page-url";
import { flash } from "~/lib/session.server";

/** The claim as the API gives it to the signed-in tenant (GET /claims/{claimId}). */
export type Claim = components["schemas"]["Claim"];

/** What the claims layout's middleware read for this request: loaders and actions use it, and read nothing twice. */
export const claimContext = createContext<Claim>();

/**
 * The claim page's own path (with `?mediationEnabled=true` when the claim has mediation, so a
 * redirect back to it is not followed by a second one), and the paths of its sub-pages.
 */
export const claimPaths = {
  page: (claim: Pick<Claim, "id" | "mediationEnabled">) => claimPageHref(claim),
  sub: (claimId: string, ...rest: string[]) =>
    `/claims/${encodeURIComponent(claimId)}/${rest.map((part) => encodeURIComponent(part)).join("/")}`,
};

/**
 * Where a claim sends the tenant instead of its page (part 1 §2.5), or null to show it:
 * their live payment plan on the claim, the arbitration once the claim is arbitrated, and the
 * dashboard once the claim is no longer in progress (the API's `inProgress`: nothing left to act
 * on or wait for).
 */
export function claimRedirect(claim: Pick<Claim, "paymentPlanId" | "status" | "arbitration" | "inProgress">): string | null {
  if (claim.paymentPlanId) return `/payment-plan/${encodeURIComponent(claim.paymentPlanId)}`;
  if (claim.status === "ARBITRATED" && claim.arbitration) return `/arbitrations/${encodeURIComponent(claim.arbitration.id)}`;
  if (!claim.inProgress) return "/";
  return null;
}

/**
 * Reads the claim once per request for every page under /claims/:claimId (another tenant's
 * claim is a 404 inside the API client: the not-found page) and applies the claim's redirects.
 */
export async function claimMiddleware({ context, params }: { context: Readonly<RouterContextProvider>; params: { claimId?: string } }) {
  const claimId = params.claimId ?? "";
  const claim = await context.get(apiContext).GET("/claims/{claimId}", { params: { path: { claimId } } });
  const elsewhere = claimRedirect(claim);
  if (elsewhere) throw redirect(elsewhere);
  context.set(claimContext, claim);
}

/** The claim of this request (set by the claims layout's middleware). */
export function getClaim(context: Readonly<RouterContextProvider>): Claim {
  return context.get(claimContext);
}

/**
 * The flash keys of part 1 §8 that the claim pages raise, kept as the flash's category so the
 * message says which action failed (tests and support read it from data-category).
 */
export const CLAIM_FLASH_KEYS = {
  createDocument: "DOCUMENTS/CREATE",
  createClaimItemDocument: "DOCUMENTS/CREATE_CLAIM_ITEM_DOCUMENT",
  deleteClaimItemDocument: "DOCUMENTS/DELETE_CLAIM_ITEM_DOCUMENT",
  accept: "CLAIM/ACCEPT_TENANT_PROPOSAL",
  counter: "CLAIM/COUNTER_TENANT_PROPOSAL",
  reject: "CLAIM/REJECT_TENANT_PROPOSAL",
  publish: "CLAIM/PUBLISH_PROPOSAL",
  unpublish: "CLAIM/UNPUBLISH_PROPOSAL",
  createItemProposal: "CLAIM/CREATE_ITEM_PROPOSAL",
  updateItemProposal: "CLAIM/UPDATE_ITEM_PROPOSAL",
  createResponseDocument: "CLAIM/CREATE_CLAIM_RESPONSE_DOCUMENT",
  deleteResponseDocument: "CLAIM/DELETE_CLAIM_RESPONSE_DOCUMENT",
  createActivity: "CLAIM/CREATE_CLAIM_ACTIVITY",
} as const;

export type ClaimFlashKey = (typeof CLAIM_FLASH_KEYS)[keyof typeof CLAIM_FLASH_KEYS];

/** Part 1 §8: a claim action's failure shows the server's message, or this when it has none to give. */
export const CLAIM_FAILURE_FALLBACK = "Something went wrong.";

/** The error flash for a failed claim action: the API's message (part 1 §8), under the action's key. */
export function claimFailureMessage(error: unknown): string {
  if (error instanceof ApiFailure) {
    const message = failureMessage(error);
    return message.trim() ? message : CLAIM_FAILURE_FALLBACK;
  }
  return CLAIM_FAILURE_FALLBACK;
}

/**
 * Back to `target` with the failed action's error flash (part 1 §8). A failure that is not the
 * API's answer (a bug) is thrown on, to the error page and the logs.
 */
export async function claimFailureRedirect(target: string, key: ClaimFlashKey, error: unknown, init?: ResponseInit) {
  if (!(error instanceof ApiFailure)) throw error;
  return flash.redirectWithError(target, { message: claimFailureMessage(error), category: key }, init);
}

/** Back to `target` with a success flash under the action's key. */
export async function claimSuccessRedirect(target: string, key: ClaimFlashKey, message: string, init?: ResponseInit) {
  return flash.redirectWithSuccess(target, { message, category: key }, init);
}
