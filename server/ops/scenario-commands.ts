/**
 * Ops commands over the scenario functions (server/scenarios): each command is the
 * function with its input as JSON. The functions validate their own input.
 */
import { z } from "zod";
import type { Deps } from "../context";
import { CHECKOUT_ACTION_TYPES } from "../domain/statuses";
import { eq } from "drizzle-orm";
import { customers, orderCustomers, paymentPlans } from "../db/schema";
import { ensureStripeCustomer, recordPaymentMethod } from "../payments/service";
import { runDueJobs } from "../jobs/sweeper";
import { chargeDueInstalments } from "../jobs/instalment-charges";
import { sendInstalmentReminders } from "../jobs/instalment-reminders";
import { payOwedRefunds } from "../payments/refund-service";
import { reconcilePayments } from "../payments/reconcile-service";
import { ApiError } from "../lib/errors";
import { inviteTenant, requirePasswordReset } from "../scenarios/accounts";
import { findUserByEmail } from "../scenarios/tenants";
import { openProposalFor, raiseDispute, saveTenantItemProposal, withClaim } from "../claims/responses";
import { ItemProposalBody } from "../claims/schemas";
import { buildClaimView } from "../claims/views";
import { agreeProposal, publishProposal } from "../claims/service";
import { createAnnualFeeOrder } from "../annual-fee/service";
import { completeCheckoutActions, createCheckoutScenario } from "../scenarios/checkout";
import { setReferenceOutcome } from "../references/service";
import { agentAcceptTenantProposal, agentRejectWithFinalProposal, decideAdjudication, payClaimAction, raiseClaim, resolveClaim, sendToAdjudication } from "../scenarios/claims";
import { createInventoryRequest } from "../inventory/service";
import { createKeyfreeOffer } from "../offers/service";
import { activatePaymentPlan, failInstalment, markInstalmentPaid, offerPaymentPlan } from "../scenarios/plans";
import { offerRequestedPlan } from "../plan-requests/service";
import type { OpsCommand } from "./commands";

const anyInput = z.record(z.string(), z.unknown());
const DAY_MS = 86_400_000;

function command<S extends z.ZodType>(c: {
  name: string;
  summary: string;
  example: string;
  input: S;
  run: (deps: Deps, input: z.output<S>) => Promise<unknown>;
}): OpsCommand {
  return c as unknown as OpsCommand;
}

const claimId = z.object({ claimId: z.string().min(1) });

export const scenarioCommands: OpsCommand[] = [
  command({
    name: "create-tenancy",
    summary: "The agent sets up a tenancy and its Keyfree order, with co-tenants and any checkout steps already done",
    example:
      'npm run ops -- create-tenancy --tenants \'[{"email":"ann@example.com","firstName":"Ann","lastName":"Lee"},{"email":"bo@example.com","firstName":"Bo","lastName":"Lee"}]\' --ppm 120000 --start-date 2026-12-01 --end-date 2027-11-30 --is-new-tenancy true --top-up-enabled true',
    input: anyInput,
    run: (deps, input) => createCheckoutScenario(deps.db, input as never, deps.clock.now()),
  }),
  command({
    name: "complete-checkout-actions",
    summary: "Mark checkout steps of an order customer as done",
    example:
      'npm run ops -- complete-checkout-actions --order-customer-id <id> --types \'["KEYFREE_ABOUT_YOU","KEYFREE_ADDRESS_HISTORY"]\'',
    input: z.object({ orderCustomerId: z.string().min(1), types: z.array(z.enum(CHECKOUT_ACTION_TYPES)).min(1) }),
    run: (deps, input) => completeCheckoutActions(deps.db, input.orderCustomerId, input.types, deps.clock.now()),
  }),
  command({
    name: "set-reference-outcome",
    summary:
      "The referencing provider's outcome: PEND, PASS, FAIL, INFO_REQUIRED, IN_REVIEW or GUARANTOR_REQUIRED (for an order customer, a reference, or the tenant by e-mail)",
    example: "npm run ops -- set-reference-outcome --email checkout@keyfree.example --status PASS",
    input: anyInput,
    run: (deps, input) => setReferenceOutcome(deps.db, input as never, deps.clock.now()),
  }),
  command({
    name: "raise-claim",
    summary: "The landlord or agent raises charges (round 1) against a tenancy, with evidence",
    example:
      'npm run ops -- raise-claim --tenancy-id <id> --items \'[{"description":"Carpet cleaning","type":"CLEANING","amount":18000,"evidence":1}]\' --mediation-enabled true --published-days-ago 4',
    input: z
      .object({ publishedDaysAgo: z.number().min(0).max(365).optional() })
      .catchall(z.unknown()),
    run: ({ db, clock, files }, { publishedDaysAgo, ...rest }) => {
      const now = clock.now();
      const publishedAt = publishedDaysAgo === undefined ? undefined : new Date(now.getTime() - publishedDaysAgo * DAY_MS);
      return raiseClaim(db, { ...(rest as object), ...(publishedAt ? { publishedAt } : {}) } as never, now, files);
    },
  }),
  command({
    name: "agent-accept-proposal",
    summary: "The agent accepts the tenants' counter-proposal (round 2)",
    example: "npm run ops -- agent-accept-proposal --claim-id <id>",
    input: claimId,
    run: (deps, input) => agentAcceptTenantProposal(deps.db, input.claimId, deps.clock.now()),
  }),
  command({
    name: "agent-final-proposal",
    summary: "The agent refuses the counter-proposal and puts forward a final proposal (round 3): amounts in pence per item id",
    example: 'npm run ops -- agent-final-proposal --claim-id <id> --amounts \'{"<itemId>":15000}\'',
    input: claimId.extend({
      amounts: z.record(z.string(), z.number().int().min(0)),
      explanations: z.record(z.string(), z.string()).optional(),
    }),
    run: async (deps, { claimId: id, ...rest }) => {
      const result = await agentRejectWithFinalProposal(deps.db, id, rest, deps.clock.now());
      // The refused proposal's card payment is refunded at once (the sweeper retries any failure).
      return { ...result, refunds: await payOwedRefunds(deps) };
    },
  }),
  command({
    name: "tenant-item-proposals",
    summary:
      "A tenant (by e-mail) gives counter amounts (pence) for items of a claim, in their draft proposal, as the proposal form does (for tests and demos)",
    example:
      'npm run ops -- tenant-item-proposals --claim-id <id> --email ann@example.com --proposals \'[{"claimItemId":"<itemId>","amount":9000,"explanation":"Only one wall was marked"}]\'',
    input: claimId.extend({ email: z.string().min(1), proposals: z.array(z.unknown()).min(1) }),
    run: async (deps, { claimId: id, email, proposals }) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new ApiError(400, `No user ${email}`);
      let claimProposalId = "";
      for (const given of proposals) {
        const input = ItemProposalBody.parse(given);
        const saved = await withClaim(deps, id, user.id, (ctx) => saveTenantItemProposal(ctx, input, {}));
        claimProposalId = saved.claimProposalId;
      }
      return { claimProposalId };
    },
  }),
  command({
    name: "tenant-accept",
    summary: "A tenant (by e-mail) accepts the landlord's open proposal for every tenant, as the accept page does: its charges become payable",
    example: "npm run ops -- tenant-accept --claim-id <id> --claim-proposal-id <id> --email ann@example.com",
    input: claimId.extend({ claimProposalId: z.string().min(1), email: z.string().min(1) }),
    run: async (deps, { claimId: id, claimProposalId, email }) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new ApiError(400, `No user ${email}`);
      await agreeProposal(deps, id, claimProposalId, user.id);
      const view = await buildClaimView(deps, id, user.id);
      return { payableOrderId: view.payableOrderId, payActions: view.payActions };
    },
  }),
  command({
    name: "tenant-publish-proposal",
    summary:
      "A tenant (by e-mail) sends their draft proposal, as the submit page does: at £0 it is sent at once, otherwise its upfront payment is asked for (pay it with pay-action, whose id this answers)",
    example: "npm run ops -- tenant-publish-proposal --claim-id <id> --claim-proposal-id <id> --email ann@example.com",
    input: claimId.extend({ claimProposalId: z.string().min(1), email: z.string().min(1) }),
    run: async (deps, { claimId: id, claimProposalId, email }) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new ApiError(400, `No user ${email}`);
      await publishProposal(deps, id, claimProposalId, user.id);
      const view = await buildClaimView(deps, id, user.id);
      return { proposalPayment: view.proposalPayment };
    },
  }),
  command({
    name: "tenant-dispute",
    summary:
      "A tenant (by e-mail) raises a formal dispute of the landlord's open proposal with a message, as the dispute form does; answers the £60 fee's action id for pay-action",
    example: 'npm run ops -- tenant-dispute --claim-id <id> --claim-proposal-id <id> --email ann@example.com --message "The walls were marked already"',
    input: claimId.extend({ claimProposalId: z.string().min(1), email: z.string().min(1), message: z.string().min(1) }),
    run: async (deps, { claimId: id, claimProposalId, email, message }) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new ApiError(400, `No user ${email}`);
      await withClaim(deps, id, user.id, async (ctx) => {
        await raiseDispute(ctx, await openProposalFor(ctx, "dispute", claimProposalId), true, message);
      });
      const view = await buildClaimView(deps, id, user.id);
      return { feeActionId: view.adjudicationFeeOrder?.action?.id ?? null };
    },
  }),
  command({
    name: "claim-pay-actions",
    summary: "A tenant's (by e-mail) pay actions on a claim's payable order, with their ids for pay-action",
    example: "npm run ops -- claim-pay-actions --claim-id <id> --email ann@example.com",
    input: claimId.extend({ email: z.string().min(1) }),
    run: async (deps, { claimId: id, email }) => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw new ApiError(400, `No user ${email}`);
      const view = await buildClaimView(deps, id, user.id);
      return { payableOrderId: view.payableOrderId, payActions: view.payActions, proposalPayment: view.proposalPayment };
    },
  }),
  command({
    name: "pay-action",
    summary: "Back office: mark a payment action paid (stands in for a card payment; takes no money)",
    example: "npm run ops -- pay-action --order-customer-action-id <id>",
    input: z.object({ orderCustomerActionId: z.string().min(1) }),
    run: (deps, input) => payClaimAction(deps.db, input.orderCustomerActionId, deps.clock.now()),
  }),
  command({
    name: "send-to-adjudication",
    summary: "Send a disputed claim (fee paid) to the independent adjudicator",
    example: "npm run ops -- send-to-adjudication --claim-id <id>",
    input: claimId,
    run: (deps, input) => sendToAdjudication(deps.db, input.claimId, deps.clock.now()),
  }),
  command({
    name: "decide-adjudication",
    summary: "The adjudicator decides: the amount awarded (pence) and the report document",
    example: "npm run ops -- decide-adjudication --claim-id <id> --amount 42000",
    input: claimId.extend({ amount: z.number().int().min(0), reportPdf: z.boolean().default(true) }),
    run: async (deps, { claimId: id, ...rest }) => {
      const result = await decideAdjudication(deps.db, id, rest, deps.clock.now(), deps.files);
      // An unused dispute fee credit goes back to the card at once (the sweeper retries any failure).
      return { ...result, refunds: await payOwedRefunds(deps) };
    },
  }),
  command({
    name: "resolve-claim",
    summary: "Close a claim as RESOLVED",
    example: "npm run ops -- resolve-claim --claim-id <id>",
    input: claimId,
    run: (deps, input) => resolveClaim(deps.db, input.claimId, deps.clock.now()),
  }),
  command({
    name: "offer-payment-plan",
    summary:
      "Offer a payment plan for an outstanding balance (void after 48 hours unless its three steps are done); with --request-id, the plan a tenant asked for from their budget, on the requested schedule (issue 36)",
    example:
      "npm run ops -- offer-payment-plan --order-customer-id <id> --amount 60000 --instalments 6 --first-due-date 2027-01-01 [--offered-hours-ago 49]; or npm run ops -- offer-payment-plan --request-id <id> [--first-due-date 2027-01-01]",
    input: anyInput,
    run: (deps, input) => {
      // A tenant's request (issue 36): the amount, the instalments, the order customer and the claim are the request's.
      if (input.requestId !== undefined) {
        const asked = z.object({ requestId: z.string().min(1).max(100), firstDueDate: z.string().optional() }).strict().parse(input);
        return offerRequestedPlan(deps, asked.requestId, { firstDueDate: asked.firstDueDate });
      }
      // --offered-hours-ago: an offer made that long ago (a 48-hour-old offer is void), without moving the clock every test shares.
      const { offeredHoursAgo, ...offer } = input as { offeredHoursAgo?: unknown };
      const hours = z.number().min(0).max(24 * 365).optional().parse(offeredHoursAgo) ?? 0;
      return offerPaymentPlan(deps.db, offer as never, new Date(deps.clock.now().getTime() - hours * 3_600_000));
    },
  }),
  command({
    name: "activate-payment-plan",
    summary: "Back office: complete a plan's card step and make it ACTIVE (stands in for the card form)",
    example:
      "npm run ops -- activate-payment-plan --payment-plan-id <id> --complete-earlier-steps true [--card-number 4000000000000341]",
    input: z.object({
      paymentPlanId: z.string().min(1),
      completeEarlierSteps: z.boolean().optional(),
      cardNumber: z.string().regex(/^\d{12,19}$/).optional(),
    }),
    run: async (deps, { cardNumber, ...input }) => {
      const card = cardNumber ? await savedSandboxCard(deps, input.paymentPlanId, cardNumber) : null;
      return activatePaymentPlan(deps.db, input, deps.clock.now(), card);
    },
  }),
  command({
    name: "fail-instalment",
    summary: "An instalment's automatic charge fails",
    example: "npm run ops -- fail-instalment --payment-plan-id <id> --instalment-number 1",
    input: z.object({ paymentPlanId: z.string().min(1), instalmentNumber: z.number().int().min(1) }),
    run: (deps, input) => failInstalment(deps.db, input, deps.clock.now()),
  }),
  command({
    name: "mark-instalment-paid",
    summary: "An instalment is paid",
    example: "npm run ops -- mark-instalment-paid --payment-plan-id <id> --instalment-number 1",
    input: z.object({ paymentPlanId: z.string().min(1), instalmentNumber: z.number().int().min(1) }),
    run: (deps, input) => markInstalmentPaid(deps.db, input, deps.clock.now()),
  }),
  command({
    name: "create-annual-fee",
    summary: "Raise the annual fee (£30 a year, split between tenants) for a tenancy over 12 months; --redirect-url: where paying it goes instead of the success page",
    example: "npm run ops -- create-annual-fee --tenancy-id <id> --years 2",
    input: anyInput,
    run: (deps, input) => createAnnualFeeOrder(deps.db, input as never, deps.clock.now()),
  }),
  command({
    name: "create-offer",
    summary: "An agent offers Keyfree or a cash deposit; prints each recipient's link token",
    example:
      'npm run ops -- create-offer --address \'{"buildingNumber":"4","street":"Mill Lane","town":"Leeds","postcode":"LS1 4AP"}\' --saving-amount 115385 --keyfree-amount 34615 --cash-deposit-amount 150000 --recipients \'[{"email":"kim@example.com","firstName":"Kim","lastName":"Park"}]\'',
    input: anyInput,
    run: (deps, input) => createKeyfreeOffer(deps.db, input as never, deps.clock.now()),
  }),
  command({
    name: "create-inventory-request",
    summary: "Ask a tenancy's tenants to confirm they received their tenancy inventory (e-mails with links)",
    example: "npm run ops -- create-inventory-request --tenancy-id <id>",
    input: anyInput,
    run: (deps, input) => createInventoryRequest(deps.db, input as never, deps.clock.now()),
  }),
  command({
    name: "invite-tenant",
    summary: "Invite a tenant who has no password yet (a 'Set Password' e-mail)",
    example: "npm run ops -- invite-tenant --email new@example.com --first-name Nia --last-name Hart",
    input: anyInput,
    run: (deps, input) => inviteTenant(deps.db, input as never, deps.clock.now(), { appUrl: deps.config.appUrl }),
  }),
  command({
    name: "require-password-reset",
    summary: "Make a tenant choose a new password at their next sign-in ('Check Your Email')",
    example: "npm run ops -- require-password-reset --email demo@keyfree.example",
    input: z.object({ email: z.email() }),
    run: (deps, input) => requirePasswordReset(deps.db, input.email),
  }),
  command({
    name: "stripe-webhooks",
    summary:
      "Offline card payments: hold the sandbox's webhooks (a payment that takes longer than 30 s), all or one customer's, or release them",
    example: "npm run ops -- stripe-webhooks --hold true --customer-id <id>",
    input: z.object({ hold: z.boolean(), customerId: z.string().min(1).optional() }),
    run: async (deps, input) => {
      const sandbox = deps.payments.sandbox;
      if (!sandbox) throw new ApiError(409, "Webhooks can only be held on the offline Stripe sandbox");
      if (input.hold) await sandbox.holdWebhooks(true, input.customerId);
      else await sandbox.releaseHeldWebhooks(input.customerId);
      return { holding: input.hold, held: (await sandbox.heldWebhookEventIds()).length };
    },
  }),
  command({
    name: "pay-owed-refunds",
    summary: "Pay the card refunds that are owed and not yet paid (the sweep does this too)",
    example: "npm run ops -- pay-owed-refunds",
    input: z.object({}),
    run: (deps) => payOwedRefunds(deps),
  }),
  command({
    name: "reconcile-payments",
    summary:
      "Ask the card provider about every payment intent still open on our side and apply what it says (succeeded, failed, canceled); with --dry-run, only list what would be applied (the sweep does this too)",
    example: "npm run ops -- reconcile-payments --dry-run",
    input: z.object({ dryRun: z.boolean().optional() }),
    run: (deps, input) => reconcilePayments(deps, { dryRun: input.dryRun }),
  }),
  command({
    name: "charge-instalments",
    summary: "Charge every payment plan instalment due today (London) off-session on its plan's card, now, on the API's clock (the sweep does this too)",
    example: "npm run ops -- charge-instalments",
    input: z.object({}),
    run: (deps) => chargeDueInstalments(deps, deps.clock.now()),
  }),
  command({
    name: "send-instalment-reminders",
    summary: "Send the payment plan reminder e-mails due today (one week and one day before each charge), on the API's clock (the sweep does this too)",
    example: "npm run ops -- send-instalment-reminders",
    input: z.object({}),
    run: (deps) => sendInstalmentReminders(deps, deps.clock.now()),
  }),
  command({
    name: "sweep",
    summary: "Apply every deadline that is due now (after moving the clock) and send the outbox",
    example: "npm run ops -- sweep",
    input: z.object({}),
    run: (deps) => runDueJobs(deps),
  }),
];

/**
 * A sandbox test card saved to the plan's tenant (their card provider customer, and their cards),
 * as the card step leaves it: attached without 3-D Secure, so 4000002760003184 then needs
 * authentication off-session and 4000000000000341 is declined. Offline sandbox only.
 */
async function savedSandboxCard(deps: Deps, paymentPlanId: string, cardNumber: string) {
  if (!deps.payments.sandbox) throw new ApiError(409, "A card number can only be given to the offline Stripe sandbox");
  const [row] = await deps.db
    .select({ customer: customers })
    .from(paymentPlans)
    .innerJoin(orderCustomers, eq(orderCustomers.id, paymentPlans.orderCustomerId))
    .innerJoin(customers, eq(customers.id, orderCustomers.customerId))
    .where(eq(paymentPlans.id, paymentPlanId))
    .limit(1);
  if (!row) throw new ApiError(400, `No payment plan ${paymentPlanId}`);
  const stripeCustomerId = await ensureStripeCustomer(deps, row.customer);
  const { stripe } = deps.payments;
  const created = await stripe.paymentMethods.create({
    type: "card",
    card: { number: cardNumber, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: "123" },
  });
  const pm = await stripe.paymentMethods.attach(created.id, { customer: stripeCustomerId });
  await recordPaymentMethod(deps, row.customer.id, pm);
  return { stripePaymentMethodId: pm.id };
}

/** A scenario function's refusal (bad ids, impossible moves) is the caller's mistake: a 400 with its message. */
export function asOpsRefusal(error: unknown): never {
  if (error instanceof ApiError || error instanceof z.ZodError) throw error;
  // A failed query's message names only the SQL: the database's own reason is its cause.
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    throw new ApiError(400, `${error.message}${cause}`);
  }
  throw error;
}
