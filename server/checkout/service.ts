import { and, eq, inArray, isNull } from "drizzle-orm";
import { ZodRealError } from "zod";
import type { Deps } from "../context";
import type { Database } from "../db";
import {
  addresses,
  orderCustomerActions,
  orderCustomers,
  orders,
  organizations,
  properties,
  tenancies,
  tenancyDocuments,
  users
} from "../db/schema";
import { aboutYouErrors, type AboutYouField } from "#common/about-you";
import { CONFIRM_REFUSALS, missingConfirmAcknowledgements, RESPONSE_WINDOW_DAYS, type ConfirmAcknowledgement } from "#common/tenant-terms";
import { COVER_WEEKS } from "#common/dispute-fee";
import { KEYFREE_FEE_WEEKS, MINIMUM_KEYFREE_FEE_PENCE } from "#common/keyfree-fee";
import { checkCheckoutStep, CHECKOUT_MESSAGES } from "../domain/checkout";
import { propertyLine } from "../domain/notices";
import { newlyActionable } from "../domain/order-customers";
import { appLink } from "../lib/app-url";
import { queueNotice } from "../lib/notices";
import { londonDate } from "../domain/london-time";
import { claimLimitPence, keyfreeFeePence } from "../domain/fees";
import { PRODUCT_NAME } from "#common/product";
import { formatPounds, plainPounds, weeksRent } from "#common/wording";
import { type CheckoutActionType } from "../domain/statuses";
import { ApiError, notFound } from "../lib/errors";
import { newId } from "../lib/tokens";
import { storeDocument } from "../lib/uploads";
import {
  loadOrderCustomers,
  orderPropertyAddress,
  ownOrderCustomer,
  toDomainOrderCustomer,
  type ActionRow,
  type LoadedOrderCustomer
} from "../orders";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ── Completing a checkout step ──────────────────────────────────────────────

export type StepContext = {
  tx: Tx;
  now: Date;
  userId: string;
  orderCustomer: LoadedOrderCustomer;
  action: ActionRow;
  /** Run when the transaction fails after files were stored (they are removed again). */
  onRollback: (undo: () => Promise<void>) => void;
};

/**
 * Completes the order customer's `typeId` action: in one transaction that locks the order
 * customer, checks (domain `checkCheckoutStep`) that it is the customer's next action and
 * actionable (409 otherwise), runs the step's own effect, and sets completedAt only if it is
 * still null — so a double submit gets 409 and changes nothing.
 */
export async function completeStep(
  deps: Deps,
  input: { orderId: string; customerId: string; userId: string; typeId: CheckoutActionType },
  effect: (ctx: StepContext) => Promise<Record<string, unknown> | void>,
) {
  const now = deps.clock.now();
  const undo: Array<() => Promise<void>> = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const { orderCustomer } = await ownOrderCustomer(tx, input, { forUpdate: true });
      const all = (await loadOrderCustomers(tx, [input.orderId])).get(input.orderId) ?? [];
      const me = all.find((oc) => oc.id === orderCustomer.id);
      if (!me) throw notFound();
      const check = checkCheckoutStep(toDomainOrderCustomer(me), all.map(toDomainOrderCustomer), input.typeId);
      if (!check.ok) throw new ApiError(409, check.message);
      const action = me.actions.find((a) => a.id === check.actionId);
      if (!action) throw new ApiError(409, CHECKOUT_MESSAGES.earlierStepsFirst);
      const extra = await effect({ tx, now, userId: input.userId, orderCustomer: me, action, onRollback: (f) => undo.push(f) });
      const [done] = await tx
        .update(orderCustomerActions)
        .set({ completedAt: now, details: { ...action.details, ...(extra ?? {}) } })
        .where(and(eq(orderCustomerActions.id, action.id), isNull(orderCustomerActions.completedAt)))
        .returning({ id: orderCustomerActions.id });
      if (!done) throw new ApiError(409, CHECKOUT_MESSAGES.alreadyCompleted);
      await queueCheckoutTurns(tx, input.orderId, all, me.id, now);
      return me.id;
    });
  } catch (error) {
    await Promise.all(undo.map((f) => f().catch(() => undefined)));
    throw error;
  }
}

type StepAddress = { orderId: string; customerId: string; userId: string };

/** About You (part 1 §5): the tenant's details, checked by the About You rules, saved as the step completes. */
export async function saveAboutYou(
  deps: Deps,
  address: StepAddress,
  body: { firstName: string; lastName: string; dob: string; gender: string; mobileNumber: string },
) {
  const errors = aboutYouErrors(body, londonDate(deps.clock.now()));
  const issues = (Object.entries(errors) as Array<[AboutYouField, string]>).map(([path, message]) => ({ path, message }));
  if (issues.length > 0) {
    // Another tenant's order answers 404 before any detail of the body is judged.
    await ownOrderCustomer(deps.db, address);
    invalid(issues);
  }
  return completeStep(deps, { ...address, typeId: "KEYFREE_ABOUT_YOU" }, async ({ tx }) => {
    await tx
      .update(users)
      .set({
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        dob: body.dob.trim(),
        gender: body.gender,
        mobileNumber: body.mobileNumber.trim(),
      })
      .where(eq(users.id, address.userId));
  });
}

/** Address history: completes the step once the tenant has a current address, which the step records. */
export function completeAddressHistory(deps: Deps, address: StepAddress) {
  return completeStep(deps, { ...address, typeId: "KEYFREE_ADDRESS_HISTORY" }, async ({ tx }) => {
    const [current] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, address.userId), eq(addresses.currentlyAtAddress, true)))
      .limit(1);
    if (!current) throw new ApiError(409, CHECKOUT_MESSAGES.noCurrentAddress);
    return { currentAddressId: current.id };
  });
}

/** Confirm: every acknowledgement the organisation asks for must be ticked (the top-up one only when it offers top-ups). */
export function confirmCheckout(deps: Deps, address: StepAddress, body: Partial<Record<ConfirmAcknowledgement, boolean>>) {
  return completeStep(deps, { ...address, typeId: "KEYFREE_CONFIRM" }, async ({ tx, orderCustomer }) => {
    const [org] = await tx
      .select({ topUpEnabled: organizations.topUpEnabled })
      .from(orders)
      .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
      .innerJoin(properties, eq(properties.id, tenancies.propertyId))
      .innerJoin(organizations, eq(organizations.id, properties.organizationId))
      .where(eq(orders.id, orderCustomer.orderId))
      .limit(1);
    const topUpEnabled = org?.topUpEnabled ?? true;
    const missing = missingConfirmAcknowledgements(body, topUpEnabled);
    // Checked inside the transaction, after the step itself: a refusal writes nothing.
    if (missing.length > 0) invalid(missing.map((path) => ({ path, message: CONFIRM_REFUSALS[path] })));
    return { acknowledgements: Object.keys(body).filter((k) => body[k as ConfirmAcknowledgement] === true), topUpEnabled };
  });
}

/** Signs the agreement (KEYFREE_SIGN) or the addendum (KEYFREE_SIGN_ADDENDUM) as the step completes. */
export function signCheckoutDocument(deps: Deps, address: StepAddress, kind: "KEYFREE_SIGN" | "KEYFREE_SIGN_ADDENDUM", ip: string | null) {
  return completeStep(deps, { ...address, typeId: kind }, (ctx) => signDocument(deps, ctx, kind, ip));
}

/**
 * A 400 for rules checked by a step (they need the clock or the order): thrown as a
 * ZodError so the app answers it exactly like a schema failure, with each field's message.
 */
export function invalid(issues: Array<{ path: string; message: string }>): never {
  throw new ZodRealError(issues.map((i) => ({ code: "custom" as const, path: [i.path], message: i.message, input: undefined })));
}

// ── Signed documents ────────────────────────────────────────────────────────

/** Latin-1 text for a PDF string in WinAnsiEncoding: characters outside it become '?', and ( ) \ are escaped. */
export function pdfText(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const safe = code < 0x20 || (code >= 0x7f && code < 0xa0) ? " " : code > 0xff ? "?" : ch;
    out += safe === "(" || safe === ")" || safe === "\\" ? `\\${safe}` : safe;
  }
  return out;
}

/** Breaks a paragraph into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width = 88): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/**
 * A small, valid one-page PDF (A4, Helvetica) with a title and paragraphs, written byte by
 * byte: catalog, pages, page, font, content stream, and an exact cross-reference table.
 */
export function simplePdf(title: string, paragraphs: readonly string[]): Uint8Array {
  const body: string[] = ["BT", "/F1 16 Tf", "56 780 Td", `(${pdfText(title)}) Tj`, "/F1 11 Tf", "15 TL", "T*", "T*"];
  let lines = 0;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph)) {
      if (lines >= 44) break;
      body.push(`(${pdfText(line)}) Tj`, "T*");
      lines += 1;
    }
    body.push("T*");
  }
  body.push("ET");
  const stream = body.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}

export const SIGNED_DOCUMENTS = {
  KEYFREE_SIGN: {
    typeId: "SIGNED_TENANT_TERMS_AND_CONDITIONS",
    title: `${PRODUCT_NAME} tenant terms and conditions`,
    fileName: "Signed terms and conditions",
    agreement: `agreed to the ${PRODUCT_NAME} tenant terms and conditions for this tenancy`,
  },
  KEYFREE_SIGN_ADDENDUM: {
    typeId: "SIGNED_ADDENDUM",
    title: `${PRODUCT_NAME} addendum to the tenancy agreement`,
    fileName: "Signed addendum",
    agreement: `agreed to the addendum recording that ${PRODUCT_NAME} is used instead of a cash deposit for this tenancy`,
  },
} as const;

/**
 * Signing (part 1 §2.3): an e-signed document is created with the tenant's name and the IP
 * address is recorded. The PDF is stored as a tenancy document; the action's details keep
 * the IP address, the name signed with, the time and the document id.
 */
export async function signDocument(deps: Deps, ctx: StepContext, kind: keyof typeof SIGNED_DOCUMENTS, ip: string | null) {
  const spec = SIGNED_DOCUMENTS[kind];
  const [row] = await ctx.tx
    .select({ user: users, tenancy: tenancies, address: addresses })
    .from(orders)
    .innerJoin(tenancies, eq(tenancies.id, orders.tenancyId))
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(addresses, eq(addresses.id, properties.addressId))
    .innerJoin(users, eq(users.id, ctx.userId))
    .where(eq(orders.id, ctx.orderCustomer.orderId))
    .limit(1);
  if (!row) throw notFound();
  const name = `${row.user.firstName} ${row.user.lastName}`.trim();
  const a = row.address;
  const property = [a.flatNumber && `Flat ${a.flatNumber}`, a.buildingName, [a.buildingNumber, a.street].filter(Boolean).join(" "), a.town, a.postcode]
    .filter(Boolean)
    .join(", ");
  const signedAt = ctx.now.toISOString();
  const paragraphs = [
    `Electronically signed by ${name} (${row.user.email}).`,
    `Signed at ${signedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")} from IP address ${ip ?? "not recorded"}.`,
    `Property: ${property}.`,
    `Tenancy from ${row.tenancy.startDate}${row.tenancy.endDate ? ` to ${row.tenancy.endDate}` : ""}. Order ${ctx.orderCustomer.orderId}.`,
    `By ticking 'Accept terms', ${name} ${spec.agreement}.`,
    ...(kind === "KEYFREE_SIGN"
      ? [
          `The ${PRODUCT_NAME} fee is ${weeksRent(KEYFREE_FEE_WEEKS)}, minimum ${formatPounds(MINIMUM_KEYFREE_FEE_PENCE, { wholePounds: true })} (${plainPounds(keyfreeFeePence(row.tenancy.ppm))} for this tenancy), and is non-refundable. The tenant stays liable for damage and end-of-tenancy charges.`,
          `The landlord is covered for up to ${weeksRent(COVER_WEEKS)}; the maximum policy cover is ${plainPounds(claimLimitPence(row.tenancy.ppm, row.tenancy.coverLevel === "HIGHER" ? "HIGHER" : "DEFAULT"))}. Charges must be answered within ${RESPONSE_WINDOW_DAYS} days or are deemed accepted. Tenants are jointly and severally liable.`,
          ...(row.tenancy.termsLink ? [`Full terms: ${row.tenancy.termsLink}`] : []),
        ]
      : []),
  ];
  const bytes = simplePdf(spec.title, paragraphs);
  const document = await storeDocument(
    { db: ctx.tx as unknown as Database, files: deps.files, clock: deps.clock },
    { name: `${spec.fileName} - ${name}.pdf`, body: bytes, contentType: "application/pdf", size: bytes.length },
    { typeId: spec.typeId, userId: ctx.userId },
  );
  ctx.onRollback(() => deps.files.delete(document.storageKey));
  await ctx.tx
    .insert(tenancyDocuments)
    .values({ id: newId(), tenancyId: row.tenancy.id, documentId: document.id, typeId: spec.typeId, createdAt: ctx.now });
  return { ipAddress: ip, signedName: name, signedAt, documentId: document.id };
}

/**
 * Completes the order customer's open actions of the given types now, as the other parties
 * do (a passed reference completes the referencing step); actions already done are left as
 * they were. Co-tenants whose turn it makes it are told (queueCheckoutTurns), in the caller's
 * transaction. Returns the ids of the actions completed.
 */
export async function completeOpenActions(tx: Tx, orderCustomerId: string, types: readonly CheckoutActionType[], now: Date) {
  const [oc] = await tx.select({ orderId: orderCustomers.orderId }).from(orderCustomers).where(eq(orderCustomers.id, orderCustomerId)).limit(1);
  const before = oc ? ((await loadOrderCustomers(tx, [oc.orderId])).get(oc.orderId) ?? []) : [];
  const done = await tx
    .update(orderCustomerActions)
    .set({ completedAt: now })
    .where(
      and(
        eq(orderCustomerActions.orderCustomerId, orderCustomerId),
        inArray(orderCustomerActions.typeId, [...types]),
        isNull(orderCustomerActions.completedAt),
      ),
    )
    .returning({ id: orderCustomerActions.id });
  if (oc && done.length > 0) await queueCheckoutTurns(tx, oc.orderId, before, orderCustomerId, now);
  return done.map((d) => d.id);
}

// ── It is your turn (part 1 §2.3, issue 28) ─────────────────────────────────

/**
 * 'Waiting for other tenants...' promises "We will let you know by email and SMS": after a change
 * to an order's checkout actions, each tenant whose next action waited for co-tenants and now can
 * be done (domain `newlyActionable`, from every order customer `before` the change and as they
 * are now) is sent CHECKOUT_YOUR_TURN, with the link to their own checkout (which opens their next
 * step), in the transaction that made the change. `actedBy` (the order customer whose step it
 * was) is never told. Returns how many tenants were told.
 */
export async function queueCheckoutTurns(tx: Tx, orderId: string, before: readonly LoadedOrderCustomer[], actedBy: string | null, now: Date) {
  const after = (await loadOrderCustomers(tx, [orderId])).get(orderId) ?? [];
  const ids = newlyActionable(before.map(toDomainOrderCustomer), after.map(toDomainOrderCustomer), actedBy);
  if (ids.length === 0) return 0;
  const address = await orderPropertyAddress(tx, orderId);
  const property = address ? propertyLine(address) : "your tenancy";
  for (const id of ids) {
    const oc = after.find((o) => o.id === id)!;
    await queueNotice(
      tx,
      { kind: "CHECKOUT_YOUR_TURN", facts: { property, link: appLink(`/checkout/${orderId}/${oc.customerId}`) } },
      [oc.userId],
      now,
    );
  }
  return ids.length;
}
