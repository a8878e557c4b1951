/**
 * The contact page's message to support (issue 26, scope 3): signed in or not, throttled per
 * client address and per sender e-mail.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv, Auth } from "../context";
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGES, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS } from "#common/support-messages";
import { apiRoute } from "../lib/api-route";
import { clientAddress } from "../lib/client-address";
import { emailAddress, idField, multiLineText, singleLineText } from "../lib/input-schemas";
import { sendSupportMessage } from "./service";

const SupportMessageBody = z
  .object({
    topic: z.enum(SUPPORT_TOPICS, { error: SUPPORT_MESSAGES.topic }).openapi({
      description: `What it is about: ${SUPPORT_TOPICS.map((t) => `${t} ('${SUPPORT_TOPIC_LABELS[t]}')`).join(", ")}`,
    }),
    message: multiLineText(SUPPORT_MESSAGE_MAX_LENGTH, { required: SUPPORT_MESSAGES.message, tooLong: SUPPORT_MESSAGES.messageTooLong })
      .trim()
      .min(1, SUPPORT_MESSAGES.message)
      .openapi({ example: "My payment has been processing for an hour." }),
    claimId: idField()
      .optional()
      .openapi({ description: "The claim it is about: one the signed-in tenant answers (404 otherwise); only when signed in" }),
    orderId: idField()
      .optional()
      .openapi({ description: "The Keyfree (order) it is about: one the signed-in tenant is on (404 otherwise); only when signed in" }),
    name: singleLineText("name", { required: SUPPORT_MESSAGES.name })
      .trim()
      .min(1, SUPPORT_MESSAGES.name)
      .optional()
      .openapi({ description: "The sender's name: required without signing in; when signed in the account's is used and this is ignored" }),
    email: emailAddress({ required: SUPPORT_MESSAGES.email })
      .optional()
      .openapi({
        description: "Where to reply: required without signing in; when signed in the account's is used and this is ignored",
        example: "tenant@example.com",
      }),
  })
  .openapi("SupportMessageRequest");

const SupportMessageResponse = z
  .object({ id: z.string().openapi({ description: "The message's id" }) })
  .openapi("SupportMessage");

const sendSupportMessageRoute = apiRoute({
  method: "post", path: "/support-messages", operationId: "sendSupportMessage", tags: ["support"],
  summary:
    "Send a message to support from the contact page, signed in or not: stored, e-mailed to support with a receipt to the sender; at most 5 an hour per sender e-mail and 20 per client address",
  // Signed in or not: without a token the sender gives a name and an e-mail.
  auth: "optional", body: SupportMessageBody,
  created: ["Sent", SupportMessageResponse], errors: [400, 401, 404, 429],
});

export const supportRoutes = new OpenAPIHono<AppEnv>().openapi(sendSupportMessageRoute, async (c) => {
  const auth = c.get("auth") as Auth | undefined;
  const sender = auth ? { userId: auth.userId, customerId: c.get("customer")?.id ?? null } : null;
  const sent = await sendSupportMessage(c.get("deps"), sender, c.req.valid("json"), clientAddress(c));
  return c.json(sent, 201);
});
