/**
 * Messages from the contact page (issue 26, scope 3): stored, e-mailed to support and a receipt
 * e-mailed to the sender, all in one transaction (the outbox's e-mails go with the change).
 * Throttled per client address and per sender e-mail, counted in the database under advisory
 * locks (as the password reset request is, docs/decisions/0010), so every API instance counts the
 * same messages and two at once cannot both take the last one.
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Deps } from "../context";
import type { Database } from "../db";
import { addresses, claimRespondents, claims, orders, properties, supportMessages, tenancies, users } from "../db/schema";
import { PRODUCT_NAME } from "#common/product";
import {
  SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR,
  SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR,
  SUPPORT_TOPIC_LABELS,
  TOO_MANY_SUPPORT_MESSAGES_FROM_ADDRESS,
  TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL,
  type SupportTopic,
} from "#common/support-messages";
import { ApiError, notFound } from "../lib/errors";
import { queueEmail } from "../lib/mail";
import { newId } from "../lib/tokens";
import { ownOrder } from "../orders";

/** The hour over which messages are counted. */
export const SUPPORT_MESSAGE_WINDOW_MS = 60 * 60 * 1000;

export const SIGN_IN_FOR_REFERENCE_MESSAGE =
  "Sign in to tell us which claim or Keyfree your message is about, or describe it in your message.";

export type SupportMessageInput = {
  topic: SupportTopic;
  message: string;
  claimId?: string | undefined;
  orderId?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
};

/** Who sends: the signed-in tenant (their account's name and e-mail), or nobody signed in. */
export type Sender = { userId: string; customerId: string | null } | null;

type Db = Pick<Database, "select">;

/** A claim's property, when the user is one of its respondents; 404 otherwise (another tenant's id looks unknown). */
async function ownClaimAddress(db: Db, claimId: string, userId: string) {
  const [row] = await db
    .select({ address: addresses })
    .from(claimRespondents)
    .innerJoin(claims, eq(claims.id, claimRespondents.claimId))
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(and(eq(claimRespondents.claimId, claimId), eq(claimRespondents.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row.address;
}

async function orderAddress(db: Db, orderId: string) {
  const [row] = await db
    .select({ address: addresses, productId: orders.productId })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

function addressLine(a: typeof addresses.$inferSelect): string {
  const first = [a.flatNumber, a.buildingNumber ?? a.buildingName, a.street].filter(Boolean).join(" ");
  return [first, a.town, a.postcode].filter(Boolean).join(", ");
}

/**
 * Records a message from the contact page and queues the two e-mails. A signed-in sender's name
 * and e-mail are their account's; a claim or order it names must be their own (404 otherwise).
 * Without signing in, the name and e-mail are required and no claim or order may be named.
 */
export async function sendSupportMessage(
  deps: Pick<Deps, "db" | "clock" | "config">,
  sender: Sender,
  input: SupportMessageInput,
  clientAddress: string | null,
): Promise<{ id: string }> {
  const { db, clock, config } = deps;
  const now = clock.now();

  // Who is writing, and what the message is about (checked before anything is counted or written).
  let name: string;
  let email: string;
  const about: string[] = [];
  if (sender) {
    const [user] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, sender.userId))
      .limit(1);
    if (!user) throw notFound();
    name = `${user.firstName} ${user.lastName}`.trim();
    email = user.email;
    if (input.claimId) {
      const address = await ownClaimAddress(db, input.claimId, sender.userId);
      about.push(`Claim ${input.claimId} (${addressLine(address)})`);
    }
    if (input.orderId) {
      if (!sender.customerId) throw notFound();
      await ownOrder(db, input.orderId, sender.customerId);
      const order = await orderAddress(db, input.orderId);
      about.push(`Order ${input.orderId}${order ? ` (${order.productId}, ${addressLine(order.address)})` : ""}`);
    }
  } else {
    if (input.claimId || input.orderId) throw new ApiError(400, SIGN_IN_FOR_REFERENCE_MESSAGE);
    if (!input.name?.trim()) throw new ApiError(400, "Invalid request: name: Enter your name");
    if (!input.email) throw new ApiError(400, "Invalid request: email: Enter your email address");
    name = input.name.trim();
    email = input.email;
  }

  const id = newId();
  const topic = SUPPORT_TOPIC_LABELS[input.topic];
  await db.transaction(async (tx) => {
    // Address first, then e-mail: every request takes the locks in the same order.
    if (clientAddress) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"support-message-address:" + clientAddress}))`);
      const [row] = await tx
        .select({ n: count() })
        .from(supportMessages)
        .where(
          and(
            eq(supportMessages.clientAddress, clientAddress),
            gt(supportMessages.createdAt, new Date(now.getTime() - SUPPORT_MESSAGE_WINDOW_MS)),
          ),
        );
      if ((row?.n ?? 0) >= SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR) throw new ApiError(429, TOO_MANY_SUPPORT_MESSAGES_FROM_ADDRESS);
    }
    const emailKey = email.toLowerCase();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"support-message-email:" + emailKey}))`);
    const [fromEmail] = await tx
      .select({ n: count() })
      .from(supportMessages)
      .where(
        and(
          sql`lower(${supportMessages.senderEmail}) = ${emailKey}`,
          gt(supportMessages.createdAt, new Date(now.getTime() - SUPPORT_MESSAGE_WINDOW_MS)),
        ),
      );
    if ((fromEmail?.n ?? 0) >= SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR) throw new ApiError(429, TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL);

    await tx.insert(supportMessages).values({
      id,
      topic: input.topic,
      message: input.message,
      userId: sender?.userId ?? null,
      senderName: name,
      senderEmail: email,
      claimId: input.claimId ?? null,
      orderId: input.orderId ?? null,
      clientAddress,
      createdAt: now,
    });
    const reference = id.slice(0, 8).toUpperCase();
    await queueEmail(
      tx,
      {
        to: config.supportEmail,
        template: "SUPPORT_MESSAGE",
        subject: `Contact page: ${topic} — from ${name} (${reference})`,
        text: [
          `A message from the ${PRODUCT_NAME} contact page.`,
          "",
          `From: ${name} <${email}>`,
          sender ? `Signed in: yes (user ${sender.userId})` : "Signed in: no (the name and email address are as typed, not checked)",
          `Topic: ${topic}`,
          ...(about.length > 0 ? about.map((line) => `About: ${line}`) : ["About: nothing chosen"]),
          `Sent: ${now.toISOString()}`,
          `Reference: ${reference} (message ${id})`,
          "",
          "Message:",
          "",
          input.message,
          "",
          `Reply to ${email}.`,
        ].join("\n"),
      },
      now,
    );
    await queueEmail(
      tx,
      {
        to: email,
        userId: sender?.userId ?? null,
        template: "SUPPORT_MESSAGE_RECEIPT",
        subject: `We have your message (${reference})`,
        text: [
          `Hello ${name},`,
          "",
          `Thank you for contacting ${PRODUCT_NAME}. We have received your message and will reply to this email address as soon as we can.`,
          "",
          `Your reference: ${reference}`,
          `Topic: ${topic}`,
          "",
          "Your message:",
          "",
          input.message,
          "",
          "If you did not send this message, you can ignore this email.",
          "",
          `The ${PRODUCT_NAME} team`,
        ].join("\n"),
      },
      now,
    );
  });
  return { id };
}
