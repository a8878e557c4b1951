import { ApiFailure } from "~/lib/api.server";
import { PLAN_FAILURE_MESSAGE } from "~/lib/messages";
import { flash } from "~/lib/session.server";

export { PLAN_FAILURE_MESSAGE };

/**
 * The words for a failed step: 'Something went wrong', then the API's own sentence for a
 * refusal (4xx: the offer has ended, the step is done) so the tenant knows what happened;
 * a 5xx adds 'Please try again.' (docs/decisions/0027).
 */
export function planFailureMessage(error: ApiFailure): string {
  const detail = error.status < 500 && error.message ? error.message : "Please try again.";
  return `${PLAN_FAILURE_MESSAGE}. ${detail}`;
}

/** Back to `target` (the step's page) with the failure as a flash: nothing the tenant did is lost (a one-button form). */
export function planFailureRedirect(target: string, error: ApiFailure) {
  return flash.redirectWithError(target, planFailureMessage(error));
}
