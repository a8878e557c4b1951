/**
 * The back office's ops commands over the product's own services: a reference's outcome, a
 * tenant's answers to a claim as their pages give them, what an agent raises through a service
 * (the annual fee, an offer, an inventory request), and the clock's and the card provider's jobs
 * run now. What only the other parties do (raise a claim, decide as the adjudicator, set up a
 * tenancy) is the stand-ins' (stand-ins/scenarios/commands.ts).
 */
import { z } from "zod";
import { runDueJobs } from "../jobs/sweeper";
import { chargeDueInstalments } from "../jobs/instalment-charges";
import { sendInstalmentReminders } from "../jobs/instalment-reminders";
import { payOwedRefunds } from "../payments/refund-service";
import { reconcilePayments } from "../payments/reconcile-service";
import { ApiError } from "../lib/errors";
import { findUserByEmail } from "../accounts/account-service";
import { openProposalFor, raiseDispute, saveTenantItemProposal, withClaim } from "../claims/responses";
import { ItemProposalBody } from "../claims/schemas";
import { buildClaimView } from "../claims/views";
import { agreeProposal, publishProposal } from "../claims/service";
import { createAnnualFeeOrder } from "../annual-fee/service";
import { setReferenceOutcome } from "../references/service";
import { createInventoryRequest } from "../inventory/service";
import { issueTenantVacatedLink } from "../inventory/vacated";
import { createKeyfreeOffer } from "../offers/service";
import { command, type OpsCommand } from "./commands";

const anyInput = z.record(z.string(), z.unknown());
const claimId = z.object({ claimId: z.string().min(1) });

export const backOfficeCommands: OpsCommand[] = [
  command({
    name: "set-reference-outcome",
    summary:
      "The referencing provider's outcome: PEND, PASS, FAIL, INFO_REQUIRED, IN_REVIEW or GUARANTOR_REQUIRED (for an order customer, a reference, or the tenant by e-mail)",
    example: "npm run ops -- set-reference-outcome --email checkout@keyfree.example --status PASS",
    input: anyInput,
    run: (deps, input) => setReferenceOutcome(deps.db, input as never, deps.clock.now()),
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
    name: "tenant-vacated-link",
    summary: "E-mail a tenant the link that tells us they have moved out (recorded once; the agent or landlord is e-mailed): issue 38",
    example: "npm run ops -- tenant-vacated-link --tenancy-id <id> --email ann@example.com",
    input: anyInput,
    run: (deps, input) => issueTenantVacatedLink(deps.db, input as never, deps.clock.now()),
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
