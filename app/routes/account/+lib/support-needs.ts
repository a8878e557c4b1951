import { z } from "zod";
import {
  HELPER_RELATIONSHIP_LABELS,
  HELPER_RELATIONSHIPS,
  SUPPORT_HELPER_MESSAGES,
  SUPPORT_NEED_CODES,
  SUPPORT_NEED_LABELS,
  SUPPORT_NEEDS_DETAILS_MAX_LENGTH,
  SUPPORT_NEEDS_MESSAGES,
  type HelperRelationship,
  type SupportNeedCode,
} from "#common/support-needs";
import { PRODUCT_NAME } from "#common/product";
import { formatDate } from "#common/wording";
import { textField } from "~/lib/text-rules";
import type { components } from "~/lib/api/schema";

/**
 * Your support needs (issue 36, scope 5; decision 0050): what would help, kept only with the
 * tenant's consent and deleted when they remove it, and the one person who gets copies of their
 * e-mails. The words and limits are common/support-needs.ts's, the API's too.
 */

export const NEED_OPTIONS = SUPPORT_NEED_CODES.map((value) => ({ value, label: SUPPORT_NEED_LABELS[value] }));
export const RELATIONSHIP_OPTIONS = HELPER_RELATIONSHIPS.map((value) => ({ value, label: HELPER_RELATIONSHIP_LABELS[value] }));

export const CONSENT_LABEL = `I agree to ${PRODUCT_NAME} recording this information to help support me`;

export const supportNeedsSchema = z
  .object({
    needs: z.array(z.enum(SUPPORT_NEED_CODES, { error: SUPPORT_NEEDS_MESSAGES.unknownNeed })).default([]),
    details: textField(SUPPORT_NEEDS_DETAILS_MAX_LENGTH, { kind: "multi-line", tooLong: SUPPORT_NEEDS_MESSAGES.detailsTooLong }).trim().optional(),
    // conform sends a ticked box as true, an unticked one not at all.
    consent: z.boolean({ error: SUPPORT_NEEDS_MESSAGES.consent }).refine((v) => v, { error: SUPPORT_NEEDS_MESSAGES.consent }),
  })
  .superRefine((form, ctx) => {
    if (form.needs.length === 0 && !form.details) ctx.addIssue({ code: "custom", path: ["needs"], message: SUPPORT_NEEDS_MESSAGES.nothingChosen });
  });

export const supportHelperSchema = z.object({
  name: textField("name", { required: SUPPORT_HELPER_MESSAGES.name }).trim().min(1, { error: SUPPORT_HELPER_MESSAGES.name }),
  email: textField("email", { required: SUPPORT_HELPER_MESSAGES.email })
    .trim()
    .min(1, { error: SUPPORT_HELPER_MESSAGES.email })
    .pipe(z.email({ error: SUPPORT_HELPER_MESSAGES.emailShape })),
  relationship: z.enum(HELPER_RELATIONSHIPS, { error: SUPPORT_HELPER_MESSAGES.relationship }),
  agree: z.boolean({ error: SUPPORT_HELPER_MESSAGES.agree }).refine((v) => v, { error: SUPPORT_HELPER_MESSAGES.agree }),
});

export const SUPPORT_NEEDS_FLASH = {
  saved: "Thank you. We have recorded your support needs.",
  withdrawn: "We have deleted your support needs. You can tell us again at any time.",
  helperAdded: (name: string) => `We have emailed ${name} a link to confirm. They will get copies once they confirm.`,
  helperRemoved: (name: string, told: boolean) =>
    told
      ? `${name} will not get any more copies of your emails, from now on. We have emailed them to tell them.`
      : `We have removed ${name}. They will not get any copies of your emails.`,
  nobodyToRemove: "Nobody gets copies of your emails.",
} as const;

type SupportNeeds = components["schemas"]["SupportNeeds"];

/** What the page shows: the needs in words, the free text, when consent was given, and the helper's state in a sentence. */
export function supportNeedsView(data: SupportNeeds) {
  const helper = data.helper;
  return {
    recorded: data.needs
      ? {
          labels: data.needs.codes.map((code) => SUPPORT_NEED_LABELS[code as SupportNeedCode]),
          details: data.needs.details,
          consentedOn: formatDate(data.needs.consentedAt),
        }
      : null,
    emailOnly: data.emailOnly,
    defaults: data.needs ? { needs: data.needs.codes, details: data.needs.details ?? "" } : undefined,
    helper: helper
      ? {
          name: helper.name,
          email: helper.email,
          relationship: helper.relationship ? HELPER_RELATIONSHIP_LABELS[helper.relationship as HelperRelationship] : null,
          status: helper.status,
          confirmedOn: helper.confirmedAt ? formatDate(helper.confirmedAt) : null,
          linkUntil: helper.linkExpiresAt ? formatDate(helper.linkExpiresAt) : null,
        }
      : null,
  };
}

/** The hint under the free text: its limit, counted down as the tenant types. */
export function detailsHint(value: string | undefined): string {
  const left = SUPPORT_NEEDS_DETAILS_MAX_LENGTH - (value?.length ?? 0);
  return `For example, the best way or time to contact you. You have ${left.toLocaleString("en-GB")} characters remaining.`;
}
