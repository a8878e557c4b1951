import { z } from "zod";

/**
 * How we contact you (issue 28, scope 4): every notice is e-mailed (the terms serve notices by
 * e-mail, so that cannot be turned off); text messages can be turned off. The form is one
 * question with two radios, one always checked (the tenant's current setting).
 */
export const NOTIFICATIONS_PATH = "/notifications";

export const TEXT_MESSAGE_CHOICES = ["yes", "no"] as const;
export type TextMessageChoice = (typeof TEXT_MESSAGE_CHOICES)[number];

export const TEXT_MESSAGE_MESSAGES = {
  required: "Choose whether we send you text messages",
  savedOn: "Saved. We will send you text messages as well as e-mails.",
  savedOff: "Saved. We will not send you text messages. We will still e-mail you every notice.",
} as const;

export const TEXT_MESSAGE_OPTIONS: Array<{ value: TextMessageChoice; label: string }> = [
  { value: "yes", label: "Yes, send me text messages as well as e-mails" },
  { value: "no", label: "No, e-mail only" },
];

export const notificationsSchema = z.object({
  textMessages: z.enum(TEXT_MESSAGE_CHOICES, { error: TEXT_MESSAGE_MESSAGES.required }),
});

export type NoticeSettings = {
  email: string;
  mobileNumber: string | null;
  smsNotices: boolean;
  textMessagesSent: boolean;
  lastTextMessageUndelivered: boolean;
};

/** The heading the page shows when the last text message to the tenant's number did not arrive (issue 38). */
export const UNDELIVERED_TEXT_TITLE = "Your last text message could not be delivered";

/**
 * What the page shows: where e-mails go, where text messages go (or that there is no number), the
 * current choice, and whether the last text to that number could not be delivered.
 */
export function notificationsView(settings: NoticeSettings) {
  return {
    email: settings.email,
    mobileNumber: settings.mobileNumber,
    choice: (settings.smsNotices ? "yes" : "no") as TextMessageChoice,
    lastTextUndelivered: settings.mobileNumber !== null && settings.lastTextMessageUndelivered,
  };
}
