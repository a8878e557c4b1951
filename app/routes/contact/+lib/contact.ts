import { z } from "zod";
import { ID_MAX_LENGTH, ID_PATTERN } from "#common/input";
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES,
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type SupportTopic,
} from "#common/support-messages";
import { textField } from "~/lib/text-rules";

export const TOPIC_OPTIONS = SUPPORT_TOPICS.map((value) => ({ value, label: SUPPORT_TOPIC_LABELS[value] }));

const reference = textField(ID_MAX_LENGTH).regex(ID_PATTERN, { error: "This is not a valid reference. Please go back and try again." }).optional();

const common = {
  topic: z.enum(SUPPORT_TOPICS, { error: SUPPORT_MESSAGES.topic }),
  message: textField(SUPPORT_MESSAGE_MAX_LENGTH, {
    kind: "multi-line",
    required: SUPPORT_MESSAGES.message,
    tooLong: SUPPORT_MESSAGES.messageTooLong,
  })
    .trim()
    .min(1, { error: SUPPORT_MESSAGES.message }),
  claimId: reference,
  orderId: reference,
};

/** Signed in: the account's name and e-mail are used, so the form asks only what it is about. */
export const signedInContactSchema = z.object(common);

/** Signed out: the sender's name and e-mail address too (where we reply). */
export const signedOutContactSchema = z.object({
  topic: common.topic,
  name: textField("name", { required: SUPPORT_MESSAGES.name }).trim().min(1, { error: SUPPORT_MESSAGES.name }),
  email: textField("email", { required: SUPPORT_MESSAGES.email })
    .trim()
    .min(1, { error: SUPPORT_MESSAGES.email })
    .pipe(z.email({ error: SUPPORT_MESSAGES.emailShape })),
  message: common.message,
});

export type ContactTopic = SupportTopic;

/** The hint under the message box: its limit, and what not to write in it. */
export function messageHint(value: string | undefined): string {
  const left = SUPPORT_MESSAGE_MAX_LENGTH - (value?.length ?? 0);
  return `You have ${left.toLocaleString("en-GB")} characters remaining. Please do not include card numbers or passwords.`;
}
