/**
 * What a recipient of a Keyfree offer is sent (part 2 §3 {product}Offer): the offer and
 * its property's address, the amounts in pence, the annual fee when it applies, and the
 * tenancy's choice once made.
 */
import { z } from "@hono/zod-openapi";
import { offerChosenBy } from "../domain/keyfree-offers";
import { OFFER_CHOICES } from "../domain/statuses";
import { addressFields, PropertyAddressSchema } from "../lib/schemas";
import { asChoice, type OfferForRecipient } from "./service";

export const OfferChoiceSchema = z.enum(OFFER_CHOICES);

/** The property's address as an offer shows it: the fields of the API's address an offer stores. */
const KeyfreeOfferAddressSchema = PropertyAddressSchema.pick({
  buildingName: true,
  flatNumber: true,
  buildingNumber: true,
  street: true,
  subStreet: true,
  town: true,
  county: true,
  postcode: true,
}).openapi("KeyfreeOfferAddress");

export const ChosenSchema = z
  .object({
    choice: OfferChoiceSchema,
    chosenBy: z.enum(["YOU", "CO_TENANT"]).openapi({ description: "Whether this recipient or a co-tenant chose" }),
    chosenAt: z.string(),
  })
  .openapi("KeyfreeOfferChosen");

export const KeyfreeOfferSchema = z
  .object({
    keyfreeOffer: z.object({
      id: z.string(),
      property: z.object({ address: KeyfreeOfferAddressSchema }),
    }),
    savingAmount: z.number().int().openapi({ description: "Pence: 'Save £{savingAmount} with Keyfree!'" }),
    keyfreeAmount: z.number().int().openapi({ description: "Pence: total to pay for Keyfree" }),
    cashDepositAmount: z.number().int().openapi({ description: "Pence: total to pay for a cash deposit" }),
    annualFeesEnabled: z.boolean(),
    annualFeeAmount: z
      .number()
      .int()
      .openapi({ description: "Pence: the annual fee split between tenants for tenancies over 12 months (the note shown when annualFeesEnabled)" }),
    recipient: z.object({
      id: z.string(),
      firstName: z.string().nullable(),
      choice: OfferChoiceSchema.nullable().openapi({ description: "This recipient's own choice, if they made the tenancy's choice" }),
      rejectionReasonGiven: z.boolean(),
    }),
    chosen: ChosenSchema.nullable().openapi({
      description: "The tenancy's choice once made ('Your deposit option has been chosen already'); null before",
    }),
  })
  .openapi("KeyfreeOffer");

export function keyfreeOfferView({ offer, recipient, address, annualFeePence }: OfferForRecipient): z.infer<typeof KeyfreeOfferSchema> {
  const offerChoice = asChoice(offer.choice);
  const recipientChoice = asChoice(recipient.choice);
  return {
    keyfreeOffer: {
      id: offer.id,
      property: {
        address: addressFields(KeyfreeOfferAddressSchema, address),
      },
    },
    savingAmount: offer.savingAmount,
    keyfreeAmount: offer.keyfreeAmount,
    cashDepositAmount: offer.cashDepositAmount,
    annualFeesEnabled: offer.annualFeesEnabled,
    annualFeeAmount: annualFeePence,
    recipient: {
      id: recipient.id,
      firstName: recipient.firstName,
      choice: recipientChoice,
      rejectionReasonGiven: recipient.rejectionReason !== null,
    },
    chosen:
      offerChoice === null
        ? null
        : { choice: offerChoice, chosenBy: offerChosenBy(recipientChoice), chosenAt: (offer.chosenAt ?? offer.createdAt).toISOString() },
  };
}
