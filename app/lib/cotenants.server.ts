/**
 * Your co-tenants (issue 38, decision 0061): the panel's words, made in the loader from the
 * API's facts (names, what each did when, what is waiting, whose answer binds), so the panel's
 * component carries no wording code: the card pages are at their script budget. Times are
 * London's, worded by #common/wording. Nothing else about a co-tenant is shown.
 */
import type { components } from "~/lib/api/schema";
import { londonDayText, londonTimeOfDay } from "#common/wording";
import type { CoTenantsPanelView } from "~/components/cotenants-panel";

type CoTenant = components["schemas"]["CoTenant"];
type BindingAnswer = components["schemas"]["BindingAnswer"];

/** The resource route that takes "Remind {first name}" (app/routes/resources/cotenant-reminder.ts). */
export const COTENANT_REMINDER_PATH = "/co-tenants/remind";

/** "10:00am on 22nd Nov 2026". */
const when = (at: string) => `${londonTimeOfDay(at)} on ${londonDayText(at)}`;

const DONE: Record<CoTenant["done"][number]["kind"], string> = {
  FINISHED_STEPS: "Finished their checkout steps",
  PAID_SHARE: "Paid their share",
  ACCEPTED: "Accepted the charges",
  PROPOSED: "Proposed a different amount",
  DISPUTED: "Disputed the charges",
  PAID_DISPUTE_FEE: "Paid the dispute fee",
};

const WAITING: Record<NonNullable<CoTenant["waitingFor"]>, string> = {
  STEPS: "Still to do: finish their checkout steps.",
  PAY_SHARE: "Still to do: pay their share.",
  ANSWER: "Still to do: answer the charges (any one of you can answer for everyone).",
  DISPUTE_FEE: "Still to do: pay the dispute fee.",
};

const HOW: Record<NonNullable<BindingAnswer>["how"], string> = {
  ACCEPTED: "accepted the charges",
  PROPOSED: "proposed a different amount",
  DISPUTED: "disputed the charges",
  DEEMED_ACCEPTED: "",
};

/** "Sam Lee": as the claim page names a tenant. */
const nameOf = (c: { firstName: string | null; lastName: string | null }) => `${c.firstName ?? ""} ${c.lastName ?? ""}`.trim() || "A co-tenant";

/** The one sentence on whose answer binds the claim, and when it was given. */
export function bindingWords(answer: NonNullable<BindingAnswer>): string {
  if (answer.how === "DEEMED_ACCEPTED") {
    return `Nobody answered in time, so the charges were treated as accepted at ${when(answer.at)}. This binds everyone on the claim.`;
  }
  const who = answer.byYou ? "Your answer" : `${nameOf(answer)}'s answer`;
  const did = answer.byYou ? `you ${HOW[answer.how]}` : `${answer.firstName?.trim() || "they"} ${HOW[answer.how]}`;
  return `${who} binds everyone on the claim: ${did} at ${when(answer.at)}.`;
}

/**
 * The panel: each co-tenant with what they did and when, what they still have to do, and a
 * "Remind {first name}" form (its hidden fields name the order and customer, or the claim and
 * respondent, and the page to come back to). Null when there is nobody else.
 */
export function coTenantsPanel(
  coTenants: readonly CoTenant[],
  target: { orderId: string } | { claimId: string },
  from: string,
  binding: BindingAnswer = null,
): CoTenantsPanelView | null {
  if (coTenants.length === 0) return null;
  return {
    action: COTENANT_REMINDER_PATH,
    note: "Times are UK time. A reminder is an e-mail from us; you can send each co-tenant one a day.",
    lead: binding ? [bindingWords(binding)] : [],
    rows: coTenants.map((c) => {
      const fields: Record<string, string> =
        "orderId" in target ? { orderId: target.orderId, customerId: c.id, from } : { claimId: target.claimId, claimRespondentId: c.id, from };
      return {
        id: c.id,
        name: nameOf(c),
        lines: [
          ...c.done.map((d) => `${DONE[d.kind]} at ${when(d.at)}.`),
          c.waitingFor ? WAITING[c.waitingFor] : c.done.length > 0 ? "Nothing left to do." : "Nothing to show yet.",
        ],
        remind: c.waitingFor ? { label: `Remind ${c.firstName.trim() || nameOf(c)}`, fields } : null,
      };
    }),
  };
}
