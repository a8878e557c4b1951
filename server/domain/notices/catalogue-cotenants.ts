/**
 * The catalogue's co-tenant part (issue 38, decision 0061; one list with the others, joined in
 * ./catalogue.ts): "Remind {first name}", a tenant asking us to remind a co-tenant of what they
 * still have to do. It names who asked and what is waiting, never an amount; by e-mail only.
 */
import { PRODUCT_NAME } from "#common/product";
import type { Catalogue } from "./types";
import { hello } from "./words";

/** What the co-tenant still has to do, as the reminder says it. */
const WAITING_WORDS = {
  STEPS: `finish your part of the ${PRODUCT_NAME} checkout`,
  PAY_SHARE: "pay your share",
  ANSWER: "answer the end of tenancy charges",
  DISPUTE_FEE: "pay the dispute fee",
} as const;

/** The line before the link: what to do there. */
const ACT_WORDS = {
  STEPS: `Carry on with your ${PRODUCT_NAME}:`,
  PAY_SHARE: "Pay your share:",
  ANSWER: "Answer the charges:",
  DISPUTE_FEE: "Pay the dispute fee:",
} as const;

export const COTENANT_NOTICES = {
  COTENANT_REMINDER: {
    sms: false,
    asksForMoney: true,
    email: (f, to) => ({
      subject: `${f.askedBy} asked us to remind you to ${WAITING_WORDS[f.waitingFor]}`,
      lines: [
        hello(to),
        "",
        `${f.askedBy}, who shares ${f.property} with you, asked us to remind you to ${WAITING_WORDS[f.waitingFor]}.`,
        "Everyone on the tenancy is waiting for it: you share the tenancy, and what one tenant does counts for all of you.",
        "",
        ACT_WORDS[f.waitingFor],
        f.link,
      ],
    }),
    // In Breathing Space nothing is asked for: only that a co-tenant is waiting (decision 0047).
    duringBreathingSpace: (f) => ({
      subject: `${f.askedBy} asked us to remind you about your ${PRODUCT_NAME}`,
      lines: [`${f.askedBy}, who shares ${f.property} with you, asked us to let you know that they are waiting for you.`],
    }),
  },
} satisfies Partial<Catalogue>;
