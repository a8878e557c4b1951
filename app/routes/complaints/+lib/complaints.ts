import { z } from "zod";
import { COMPLAINT_MESSAGES, COMPLAINT_TEXT_MAX_LENGTH, COMPLAINT_TOPIC_LABELS, COMPLAINT_TOPICS } from "#common/complaints";
import { textField } from "~/lib/text-rules";

export const COMPLAINT_TOPIC_OPTIONS = COMPLAINT_TOPICS.map((value) => ({ value, label: COMPLAINT_TOPIC_LABELS[value] }));

const long = (required: string, tooLong: string) =>
  textField(COMPLAINT_TEXT_MAX_LENGTH, { kind: "multi-line", required, tooLong }).trim().min(1, { error: required });

const common = {
  topic: z.enum(COMPLAINT_TOPICS, { error: COMPLAINT_MESSAGES.topic }),
  whatHappened: long(COMPLAINT_MESSAGES.whatHappened, COMPLAINT_MESSAGES.whatHappenedTooLong),
  putRight: long(COMPLAINT_MESSAGES.putRight, COMPLAINT_MESSAGES.putRightTooLong),
};

/** Signed in: what it is about is one of the tenant's claims or Keyfrees ("claim:<id>", "order:<id>"), or nothing in particular. */
export const signedInComplaintSchema = z.object({
  ...common,
  about: textField(120).regex(/^(claim|order):[A-Za-z0-9_-]{1,100}$/, { error: "Choose what your complaint is about from the list" }).optional(),
});

/** Signed out: the name and e-mail address we write to. */
export const signedOutComplaintSchema = z.object({
  ...common,
  name: textField("name", { required: COMPLAINT_MESSAGES.name }).trim().min(1, { error: COMPLAINT_MESSAGES.name }),
  email: textField("email", { required: COMPLAINT_MESSAGES.email })
    .trim()
    .min(1, { error: COMPLAINT_MESSAGES.email })
    .pipe(z.email({ error: "Enter an email address in the correct format, like name@example.com" })),
});

/** The API's claimId or orderId from the form's "about" choice. */
export function aboutIds(about: string | undefined): { claimId?: string; orderId?: string } {
  if (!about) return {};
  const [kind, id] = about.split(":") as [string, string];
  return kind === "claim" ? { claimId: id } : { orderId: id };
}
