import { commitSession, getSession } from "~/lib/session.server";
import { FRESH_STEPS, type DisputeSteps } from "./dispute";

/**
 * The tenant's steps through a claim's dispute (the go-back counter), kept in the signed session
 * cookie per claim, so the count works without JavaScript and cannot be reset by editing a URL
 * (docs/decisions/0023).
 */
export async function readDisputeSteps(request: Request, claimId: string): Promise<DisputeSteps> {
  const session = await getSession(request);
  const steps = session.get("disputeSteps")?.[claimId];
  if (!steps || !Number.isInteger(steps.backs) || steps.backs < 0) return FRESH_STEPS;
  return { backs: steps.backs, back: steps.back === true };
}

/** Saves the steps; answers the Set-Cookie header to send with the response. */
export async function saveDisputeSteps(request: Request, claimId: string, steps: DisputeSteps): Promise<Headers> {
  const session = await getSession(request);
  session.set("disputeSteps", { ...session.get("disputeSteps"), [claimId]: steps });
  return new Headers({ "Set-Cookie": await commitSession(session) });
}
