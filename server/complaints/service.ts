/**
 * Complaints (issue 40, decision 0066): raised signed in or not, acknowledged by e-mail at once
 * (the acknowledgement carries a token that reads the complaint without signing in; only its
 * hash is kept), answered by the back office (holding or final responses, each e-mailed), and the
 * sweeper's 8-week e-mail when no final response came, once per complaint.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { COMPLAINT_MESSAGES, COMPLAINT_TOPIC_LABELS, type ComplaintTopic } from "#common/complaints";
import { PRODUCT_NAME } from "#common/product";
import type { Deps } from "../context";
import type { Database } from "../db";
import { addresses, claimRespondents, claims, complaintResponses, complaints, properties, tenancies, users } from "../db/schema";
import { complaintDueDates } from "../domain/complaints";
import { londonDate } from "../domain/london-time";
import { propertyLine, type OmbudsmanFacts } from "../domain/notices";
import { appLink } from "../lib/app-url";
import { ApiError, notFound } from "../lib/errors";
import { queueNoticeToAddress } from "../lib/notices";
import { hashToken, newId, newSecretToken } from "../lib/tokens";
import { orderPropertyAddress, ownOrder } from "../orders";

export type RaiseComplaintInput = {
  topic: ComplaintTopic;
  whatHappened: string;
  putRight: string;
  claimId?: string | undefined;
  orderId?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
};

export type Complainant = { userId: string; customerId: string | null } | null;

type Db = Pick<Database, "select">;
type ComplaintRow = typeof complaints.$inferSelect;

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newReference(): string {
  let s = "C-";
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

/** The complaint's page: with the token (the acknowledgement), or without (signed in, or the token kept from it). */
export function complaintLink(reference: string, token?: string): string {
  return appLink(`/complaints/${reference}${token ? `?${new URLSearchParams({ token }).toString()}` : ""}`);
}

/** The claim's property, or null. */
async function claimAddress(db: Db, claimId: string) {
  const [row] = await db
    .select({ address: addresses })
    .from(claims)
    .innerJoin(tenancies, eq(tenancies.id, claims.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .where(eq(claims.id, claimId))
    .limit(1);
  return row?.address ?? null;
}

/** A claim the user answers (is one of its respondents); 404 otherwise (another tenant's id looks unknown). */
async function ownClaim(db: Db, claimId: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: claimRespondents.id })
    .from(claimRespondents)
    .where(and(eq(claimRespondents.claimId, claimId), eq(claimRespondents.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
}

/** What a complaint is about, on one line: its claim's or Keyfree's property, else its topic. */
async function aboutLine(db: Database, c: Pick<ComplaintRow, "claimId" | "orderId" | "topic">): Promise<string> {
  const topic = COMPLAINT_TOPIC_LABELS[c.topic as ComplaintTopic] ?? c.topic;
  const claim = c.claimId ? await claimAddress(db, c.claimId) : null;
  if (claim) return `${topic}: the claim for ${propertyLine(claim)}`;
  const order = c.orderId ? await orderPropertyAddress(db, c.orderId) : null;
  if (order) return `${topic}: your ${PRODUCT_NAME} for ${propertyLine(order)}`;
  return topic;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * Records a complaint and queues its acknowledgement, in one transaction. Signed in, the
 * account's name and e-mail are used and a claim or Keyfree named must be the tenant's own (404
 * otherwise); signed out, a name and e-mail are required and none may be named (400).
 */
export async function raiseComplaint(deps: Pick<Deps, "db" | "clock">, by: Complainant, input: RaiseComplaintInput) {
  const { db, clock } = deps;
  const now = clock.now();
  let name: string;
  let email: string;
  if (by) {
    const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, by.userId)).limit(1);
    if (!user) throw notFound();
    name = `${user.firstName} ${user.lastName}`.trim();
    email = user.email;
    if (input.claimId) await ownClaim(db, input.claimId, by.userId);
    if (input.orderId) {
      if (!by.customerId) throw notFound();
      await ownOrder(db, input.orderId, by.customerId);
    }
  } else {
    if (input.claimId || input.orderId) throw new ApiError(400, COMPLAINT_MESSAGES.signInForReference);
    if (!input.name?.trim()) throw new ApiError(400, `Invalid request: name: ${COMPLAINT_MESSAGES.name}`);
    if (!input.email) throw new ApiError(400, `Invalid request: email: ${COMPLAINT_MESSAGES.email}`);
    name = input.name.trim();
    email = input.email;
  }

  const id = newId();
  const reference = newReference();
  const token = newSecretToken();
  const due = complaintDueDates(now);
  const row = {
    id,
    reference,
    userId: by?.userId ?? null,
    name,
    email,
    topic: input.topic,
    whatHappened: input.whatHappened,
    putRight: input.putRight,
    claimId: input.claimId ?? null,
    orderId: input.orderId ?? null,
    tokenHash: hashToken(token),
    acknowledgedAt: now,
    acknowledgeBy: due.acknowledgeBy,
    finalResponseBy: due.finalResponseBy,
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.insert(complaints).values(row);
    await queueNoticeToAddress(
      tx,
      {
        kind: "COMPLAINT_ACKNOWLEDGED",
        facts: {
          property: await aboutLine(tx, row),
          link: complaintLink(reference, token),
          reference,
          topic: COMPLAINT_TOPIC_LABELS[input.topic],
          acknowledgeBy: due.acknowledgeBy,
          finalResponseBy: due.finalResponseBy,
        },
      },
      { email, firstName: firstNameOf(name), userId: by?.userId ?? null },
      now,
    );
  });
  return { reference };
}

/**
 * A complaint for its reader: the signed-in tenant who raised it, or anyone with its token
 * (from the acknowledgement). Anything else is a 404, so a stranger cannot tell it exists.
 */
export async function readableComplaint(db: Database, reference: string, reader: { userId: string | null; token: string | undefined }) {
  const [row] = await db.select().from(complaints).where(eq(complaints.reference, reference)).limit(1);
  if (!row) throw notFound();
  const owner = reader.userId !== null && row.userId === reader.userId;
  const byToken = reader.token !== undefined && hashToken(reader.token) === row.tokenHash;
  if (!owner && !byToken) throw notFound();
  const responses = await db
    .select({ id: complaintResponses.id, final: complaintResponses.final, message: complaintResponses.message, createdAt: complaintResponses.createdAt })
    .from(complaintResponses)
    .where(eq(complaintResponses.complaintId, row.id))
    // The final response is the last one (two given in the same instant keep that order).
    .orderBy(asc(complaintResponses.createdAt), asc(complaintResponses.final), asc(complaintResponses.id));
  return { complaint: row, responses, about: await aboutLine(db, row) };
}

/** The back office answers a complaint (ops respond-to-complaint): recorded and e-mailed; 409 once a final response is given. */
export async function respondToComplaint(
  deps: Pick<Deps, "db" | "clock" | "config">,
  input: { reference: string; final: boolean; message: string },
) {
  const { db, clock, config } = deps;
  const now = clock.now();
  const message = input.message.trim();
  if (!message) throw new ApiError(400, "Write the response's message (--message)");
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.reference, input.reference)).for("update").limit(1);
    if (!row) throw new ApiError(404, `No complaint ${input.reference}`);
    if (row.finalResponseAt) throw new ApiError(409, `Complaint ${row.reference} already has its final response`);
    await tx.insert(complaintResponses).values({ id: newId(), complaintId: row.id, final: input.final, message, createdAt: now });
    if (input.final) await tx.update(complaints).set({ finalResponseAt: now }).where(eq(complaints.id, row.id));
    await queueNoticeToAddress(
      tx,
      {
        kind: "COMPLAINT_RESPONSE",
        facts: {
          property: await aboutLine(tx, row),
          link: complaintLink(row.reference),
          reference: row.reference,
          final: input.final,
          message,
          finalResponseBy: row.finalResponseBy,
          ombudsman: config.ombudsman satisfies OmbudsmanFacts,
        },
      },
      { email: row.email, firstName: firstNameOf(row.name), userId: row.userId },
      now,
    );
    return { reference: row.reference, final: input.final };
  });
}

/** Every complaint, newest first, for the back office's list (ops complaints). */
export async function listComplaints(db: Db) {
  const rows = await db
    .select({
      reference: complaints.reference,
      topic: complaints.topic,
      name: complaints.name,
      createdAt: complaints.createdAt,
      acknowledgeBy: complaints.acknowledgeBy,
      finalResponseBy: complaints.finalResponseBy,
      finalResponseAt: complaints.finalResponseAt,
    })
    .from(complaints)
    .orderBy(asc(complaints.finalResponseBy));
  return rows;
}

/**
 * The sweeper's 8-week e-mail (issue 40): to each complaint whose 8 weeks passed (its London day
 * after finalResponseBy) without a final response, once: the row is marked in the transaction
 * that queues it, and the outbox's dedupe key keeps it once across instances.
 */
export async function sendEightWeekEmails(deps: Pick<Deps, "db" | "clock" | "config">): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const today = londonDate(now);
  const due = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(isNull(complaints.finalResponseAt), isNull(complaints.eightWeeksNoticeAt), lt(complaints.finalResponseBy, today)))
    .limit(200);
  let sent = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(complaints)
        .where(and(eq(complaints.id, id), isNull(complaints.finalResponseAt), isNull(complaints.eightWeeksNoticeAt)))
        .for("update", { skipLocked: true })
        .limit(1);
      if (!row) return;
      await tx.update(complaints).set({ eightWeeksNoticeAt: now }).where(eq(complaints.id, row.id));
      const queued = await queueNoticeToAddress(
        tx,
        {
          kind: "COMPLAINT_EIGHT_WEEKS",
          facts: { property: await aboutLine(tx, row), link: complaintLink(row.reference), reference: row.reference, ombudsman: config.ombudsman },
        },
        { email: row.email, firstName: firstNameOf(row.name), userId: row.userId },
        now,
        { dedupeKey: `complaint-eight-weeks:${row.id}` },
      );
      if (queued) sent += 1;
    });
  }
  return sent;
}
