import { z } from "zod";
import {
  AGREEMENT_MESSAGES,
  CONFIRM_REFUSALS,
  confirmAcknowledgements,
  requiredConfirmAcknowledgements,
  type ConfirmAcknowledgement,
} from "#common/tenant-terms";
import { addressLine } from "~/lib/format";
import { formatDate, formatPounds } from "#common/wording";

/**
 * The checkout's agreements (part 1 §2.3, §5): Confirm ('Is everything correct?': the summary
 * of what the tenant entered, and the boxes to tick with the words and figures of this order),
 * 'Accept terms' on Agree to Terms and the addendum's agree box. The forms' schemas serve the
 * browser and the actions; the messages are common/tenant-terms.ts's, the API's own.
 */

/** A box that must be ticked, refused with `message`. */
const ticked = (message: string) => z.boolean({ error: message }).refine((value) => value, { error: message });

/** Agree to Terms: 'Accept terms' must be ticked. */
export const signSchema = z.object({ acceptTerms: ticked(AGREEMENT_MESSAGES.acceptTerms) });

/** Sign Addendum: the agree box must be ticked. */
export const addendumSchema = z.object({ agree: ticked(AGREEMENT_MESSAGES.agreeAddendum) });

/** Part 1 §3: gender labels; UNKNOWN reads 'Rather not say'. */
export const GENDER_LABELS = { MALE: "Male", FEMALE: "Female", UNKNOWN: "Rather not say" } as const;

/** Shown for a detail the tenant has not given (a tenant moved on by an agent, say). */
export const NOT_GIVEN = "Not given";

/** A Confirm box: the browser's and the action's rule, with the message for that box. */
const mustTick = (key: ConfirmAcknowledgement) => ticked(CONFIRM_REFUSALS[key]);

/** The Confirm form: the confirm box and four acknowledgements, and the annual fee's when top-ups are enabled. */
export function confirmSchema(topUpEnabled: boolean) {
  const keys = requiredConfirmAcknowledgements(topUpEnabled);
  return z.object(Object.fromEntries(keys.map((key) => [key, mustTick(key)])) as Record<ConfirmAcknowledgement, ReturnType<typeof mustTick>>);
}

type UserLike = {
  firstName: string;
  lastName: string;
  email: string;
  attributes: {
    dob: string | null;
    gender: keyof typeof GENDER_LABELS | null;
    mobileNumber: string | null;
    addresses: Array<{
      id: string;
      flatNumber?: string | null;
      buildingName?: string | null;
      buildingNumber?: string | null;
      street?: string | null;
      town?: string | null;
      postcode: string;
      startDate: string | null;
      endDate: string | null;
      currentlyAtAddress: boolean;
    }>;
  };
};

/** 'About you' as the tenant entered it, every detail labelled, 'Not given' where empty. */
export function aboutYouSummary(user: UserLike) {
  const name = [user.firstName, user.lastName].map((s) => s.trim()).filter(Boolean).join(" ");
  const a = user.attributes;
  return [
    { label: "Name", value: name || NOT_GIVEN },
    { label: "Email address", value: user.email },
    { label: "Date of birth", value: a.dob ? formatDate(a.dob) : NOT_GIVEN },
    { label: "Gender", value: a.gender ? GENDER_LABELS[a.gender] : NOT_GIVEN },
    { label: "Mobile number", value: a.mobileNumber || NOT_GIVEN },
  ];
}

/** The address history, current address first, then the most recent first. */
export function addressHistorySummary(user: UserLike) {
  return [...user.attributes.addresses]
    .sort((x, y) => Number(y.currentlyAtAddress) - Number(x.currentlyAtAddress) || (y.startDate ?? "").localeCompare(x.startDate ?? ""))
    .map((address) => ({
      id: address.id,
      line: `${addressLine(address)}, ${address.postcode}`,
      dates: address.currentlyAtAddress
        ? address.startDate
          ? `Current address, since ${formatDate(address.startDate)}`
          : "Current address"
        : [address.startDate ? `From ${formatDate(address.startDate)}` : null, address.endDate ? `to ${formatDate(address.endDate)}` : null]
            .filter(Boolean)
            .join(" ") || null,
    }));
}

type OrderFigures = { fees: { minimumKeyfree: number; annual: number }; topUpEnabled: boolean };

/** The boxes to show, in order, each with its label in this order's figures. */
export function confirmBoxes(o: OrderFigures) {
  const labels = confirmAcknowledgements({
    minimumFee: formatPounds(o.fees.minimumKeyfree, { wholePounds: true }),
    annualFee: formatPounds(o.fees.annual, { wholePounds: true }),
  });
  return requiredConfirmAcknowledgements(o.topUpEnabled).map((key) => ({ key, label: labels[key] }));
}
