/**
 * The catalogue's third part (one list with ./catalogue-claims.ts and ./catalogue-reminders.ts,
 * joined in ./catalogue.ts): the referencing provider's outcome, to the tenant whose reference it
 * is (issue 38). The referencing page promises "We'll let you know by email once…": this keeps it.
 * In the page's own words (part 1 §4.2, app/routes/checkout/referencing.tsx).
 */
import { PRODUCT_NAME } from "#common/product";
import type { Catalogue } from "./types";
import { hello, smsHi } from "./words";

export const REFERENCE_NOTICES = {
  REFERENCE_OUTCOME: {
    // The tenant's turn (passed, or more information to upload), or the end of their checkout: a text too.
    sms: true,
    asksForMoney: false,
    email: (f, to) => {
      const outcome = {
        PASSED: {
          subject: "You have passed our eligibility checks",
          lines: [
            `You have passed our eligibility checks for ${f.property}. It is now your turn to carry on with your ${PRODUCT_NAME}.`,
            "",
            "Carry on where you left off:",
          ],
        },
        MORE_INFORMATION: {
          subject: "We need a little more information",
          lines: [
            `To finish your eligibility check for ${f.property}, please upload a proof of identity and a proof of address, one file at a time.`,
            "",
            "Upload them here:",
          ],
        },
        GUARANTOR_NEEDED: {
          subject: "A guarantor is needed",
          lines: [
            f.guarantor
              ? `To offer you ${PRODUCT_NAME} for ${f.property}, we need your guarantor, ${f.guarantor}, to pass our checks as well. We will let you know by email once they have.`
              : `To offer you ${PRODUCT_NAME} for ${f.property}, we need a guarantor for your tenancy. Please ask your letting agent to add your guarantor's details.`,
            "",
            "See your eligibility check:",
          ],
        },
        NOT_PASSED: {
          subject: `We can't offer you ${PRODUCT_NAME}`,
          lines: [
            `Sorry, you have not passed our eligibility checks, so we can't offer you ${PRODUCT_NAME} for ${f.property}. Please speak to your letting agent about paying a deposit instead.`,
            "",
            "See your eligibility check:",
          ],
        },
      }[f.outcome];
      return { subject: outcome.subject, lines: [hello(to), "", ...outcome.lines, f.link] };
    },
    smsText: (f, to) =>
      f.outcome === "PASSED"
        ? `${smsHi(to)} you have passed our eligibility checks. It's your turn to carry on with your ${PRODUCT_NAME}: ${f.link}`
        : `${smsHi(to)} your eligibility check has an answer: ${f.link}`,
  },
} satisfies Partial<Catalogue>;
