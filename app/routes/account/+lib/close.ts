import { z } from "zod";
import { CLOSE_ACCOUNT_PATH, keptFor, PRIVACY_PATH, retentionRule, YOUR_DATA_PATH } from "#common/retention";
import { londonTimeOfDay, longLondonDate, plainPounds } from "#common/wording";
import type { components } from "~/lib/api/schema";

/**
 * Close your account (issue 40, decision 0068): what the page shows of the tenant's request. The
 * request and what keeps the account open are the API's (GET /me/closure); the retention job
 * closes it on its next sweep once nothing is open. The words for an open claim or plan are the
 * e-mail's (server/accounts/closure-service.ts stillOpenWords).
 */
export { CLOSE_ACCOUNT_PATH, PRIVACY_PATH, YOUR_DATA_PATH };

export const CLOSE_MESSAGES = {
  confirm: "Tick the box to say you understand what happens when your account is closed",
} as const;

export const CONFIRM_LABEL = "I understand that once my account is closed I cannot sign in, and that some records are kept for as long as the law requires";

export const CLOSE_FLASH = {
  requested: "We have your request to close your account. We have sent you an e-mail about it.",
} as const;

// conform sends a ticked box as true, an unticked one not at all.
export const closeSchema = z.object({
  confirm: z.boolean({ error: CLOSE_MESSAGES.confirm }).refine((v) => v, { error: CLOSE_MESSAGES.confirm }),
});

type Closure = components["schemas"]["AccountClosure"];

export type StillOpenView = { key: string; href: string; words: string };

export type CloseView = {
  status: Closure["status"];
  requested: string | null;
  stillOpen: StillOpenView[];
  moneyKept: string;
  accountKept: string;
};

export function closeView(c: Closure): CloseView {
  return {
    status: c.status,
    requested: c.requestedAt ? `${londonTimeOfDay(c.requestedAt)} on ${longLondonDate(c.requestedAt)}` : null,
    stillOpen: c.stillOpen.map((item) =>
      item.kind === "CLAIM"
        ? { key: `claim-${item.claimId}`, href: `/claims/${item.claimId}`, words: `The claim on ${item.property}` }
        : { key: `plan-${item.paymentPlanId}`, href: `/payment-plan/${item.paymentPlanId}`, words: `Your payment plan of ${plainPounds(item.amountPence ?? 0)}` },
    ),
    moneyKept: keptFor(retentionRule("money-records")),
    accountKept: keptFor(retentionRule("closed-accounts")),
  };
}
