/**
 * The catalogue's complaints part (issue 40, decision 0066; one list with the other catalogue
 * files, joined in ./catalogue.ts): the acknowledgement, each response, and the sweeper's 8-week
 * e-mail. A final response and the 8-week e-mail name the ombudsman and the 6 months to refer.
 */
import { OMBUDSMAN_REFERRAL_MONTHS } from "#common/complaints";
import { PRODUCT_NAME } from "#common/product";
import { longLondonDate } from "#common/wording";
import type { Catalogue, OmbudsmanFacts } from "./types";
import { hello } from "./words";

const onDate = (date: string) => longLondonDate(`${date}T12:00:00Z`);

/** The ombudsman's details, as a final response and the 8-week e-mail give them. */
export function ombudsmanLines(o: OmbudsmanFacts): string[] {
  return [`${o.name}`, `Write to: ${o.address}`, `Online: ${o.website}`, "It is free to refer a complaint to the ombudsman."];
}

export const COMPLAINT_NOTICES = {
  COMPLAINT_ACKNOWLEDGED: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: `We have your complaint (${f.reference})`,
      lines: [
        hello(to),
        "",
        `Thank you for telling us about your complaint. We are sorry you are unhappy with ${PRODUCT_NAME}, and we will look into it.`,
        "",
        `Your reference: ${f.reference}`,
        `About: ${f.property}`,
        `Topic: ${f.topic}`,
        "",
        `This e-mail is our acknowledgement (we acknowledge every complaint by ${onDate(f.acknowledgeBy)} at the latest: within 5 working days).`,
        `We will send you our final response by ${onDate(f.finalResponseBy)} (within 8 weeks).`,
        "",
        "See your complaint, its responses and its dates (keep this link: it opens the page without signing in):",
        f.link,
      ],
    }),
  },
  COMPLAINT_RESPONSE: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: f.final ? `Our final response to your complaint (${f.reference})` : `An update on your complaint (${f.reference})`,
      lines: [
        hello(to),
        "",
        f.final
          ? `This is our final response to your complaint ${f.reference} about ${f.property}.`
          : `This is an update on your complaint ${f.reference} about ${f.property}. It is not yet our final response: we will send that by ${onDate(f.finalResponseBy)}.`,
        "",
        f.message,
        ...(f.final
          ? [
              "",
              `If you are not happy with our final response, you can refer your complaint to ${f.ombudsman.name}. You have ${OMBUDSMAN_REFERRAL_MONTHS} months from the date of this e-mail to do so.`,
              "",
              ...ombudsmanLines(f.ombudsman),
            ]
          : []),
        "",
        "See your complaint:",
        f.link,
      ],
    }),
  },
  COMPLAINT_EIGHT_WEEKS: {
    sms: false,
    asksForMoney: false,
    email: (f, to) => ({
      subject: `Your complaint: you can now go to the ombudsman (${f.reference})`,
      lines: [
        hello(to),
        "",
        `It is 8 weeks since you made your complaint ${f.reference} about ${f.property}, and we have not yet sent you our final response. We are sorry for the delay.`,
        "",
        `You can now refer your complaint to ${f.ombudsman.name}, without waiting for our final response. You have ${OMBUDSMAN_REFERRAL_MONTHS} months to do so.`,
        "",
        ...ombudsmanLines(f.ombudsman),
        "",
        "See your complaint:",
        f.link,
      ],
    }),
  },
} satisfies Partial<Catalogue>;
