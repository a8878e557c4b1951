/**
 * The other parties' ops commands (the agent, the landlord, the adjudicator, the card step the
 * back office stands in for): each is a scenario function with its input as JSON. The ops CLI and
 * the API's ops routes list them after the product's own (server/ops/), when the composition root
 * loads the stand-ins (stand-ins/index.ts). The functions validate their own input.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../server/context";
import { customers, orderCustomers, paymentPlans } from "../../server/db/schema";
import { CHECKOUT_ACTION_TYPES } from "../../server/domain/statuses";
import { ApiError } from "../../server/lib/errors";
import { command, userByEmail, type OpsCommand } from "../../server/ops/commands";
import { ensureStripeCustomer, recordPaymentMethod } from "../../server/payments/service";
import { payOwedRefunds } from "../../server/payments/refund-service";
import { offerRequestedPlan } from "../../server/plan-requests/service";
import { expirePasswordLinks, inviteTenant, requirePasswordReset } from "./accounts";
import { completeCheckoutActions, createCheckoutScenario } from "./checkout";
import { agentAcceptTenantProposal, agentRejectWithFinalProposal, decideAdjudication, payClaimAction, raiseClaim, resolveClaim, sendToAdjudication } from "./claims";
import { attachDecisionDocument } from "./adjudicator";
import { activatePaymentPlan, failInstalment, markInstalmentPaid, offerPaymentPlan } from "./plans";
import { createTenant, expireAccessTokens } from "./tenants";

const anyInput = z.record(z.string(), z.unknown());
const DAY_MS = 86_400_000;
const claimId = z.object({ claimId: z.string().min(1) });

export const scenarioCommands: OpsCommand[] = [
  command({
    name: "create-tenant",
    summary: "Create a tenant (a user and their customer) who can sign in with the demo password",
    example: "npm run ops -- create-tenant --email sam@example.com --first-name Sam --last-name Green",
    input: z.object({
      email: z.email().optional(),
      firstName: z.string().min(1).default("Sam"),
      lastName: z.string().min(1).default("Tenant"),
      password: z.string().min(8).optional(),
      requiresPasswordReset: z.boolean().optional(),
      hasDuplicatePaymentMethod: z.boolean().optional(),
      requiresNewPaymentMethod: z.boolean().optional(),
    }),
    run: async (deps, input) => {
      const email = input.email ?? `tenant-${crypto.randomUUID().slice(0, 8)}@keyfree.example`;
      return createTenant(deps.db, { ...input, email });
    },
  }),
  command({
    name: "expire-tokens",
    summary: "End every sign-in of a tenant now, as if their session had run out",
    example: "npm run ops -- expire-tokens --email demo@keyfree.example",
    input: z.object({ email: z.email() }),
    run: async (deps, input) => {
      const user = await userByEmail(deps, input.email);
      await expireAccessTokens(deps.db, user.id, deps.clock.now());
      return { ok: true };
    },
  }),
  command({
    name: "expire-password-links",
    summary: "End a tenant's unused reset and set-password links now, as if their time had run out",
    example: "npm run ops -- expire-password-links --email demo@keyfree.example",
    input: z.object({ email: z.email() }),
    run: async (deps, input) => {
      const user = await userByEmail(deps, input.email);
      return expirePasswordLinks(deps.db, user.id, deps.clock.now());
    },
  }),
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
    name: "pay-action",
    summary: "Back office: mark a payment action paid (stands in for a card payment; takes no money)",
    example: "npm run ops -- pay-action --order-customer-action-id <id>",
    input: z.object({ orderCustomerActionId: z.string().min(1) }),
    run: (deps, input) => payClaimAction(deps.db, input.orderCustomerActionId, deps.clock.now()),
  }),
  command({
    name: "send-to-adjudication",
    summary: "The arbitration of a disputed claim whose fee is paid (paying the fee sends it to the adjudicator; an older claim is sent now)",
    example: "npm run ops -- send-to-adjudication --claim-id <id>",
    input: claimId,
    run: (deps, input) => sendToAdjudication(deps.db, input.claimId, deps.clock.now()),
  }),
  command({
    name: "decide-adjudication",
    summary:
      "The adjudicator decides: the amount awarded (pence), the report document and, optionally, the reasons per item id (and the amount awarded per item id, pence)",
    example:
      'npm run ops -- decide-adjudication --claim-id <id> --amount 42000 [--reasons \'{"<itemId>":"The photographs show…"}\' --awarded \'{"<itemId>":42000}\']',
    input: claimId.extend({
      amount: z.number().int().min(0),
      reportPdf: z.boolean().default(true),
      reasons: z.record(z.string(), z.string()).optional(),
      awarded: z.record(z.string(), z.number().int().min(0)).optional(),
    }),
    run: async (deps, { claimId: id, ...rest }) => {
      const result = await decideAdjudication(deps.db, id, rest, deps.clock.now(), deps.files);
      // An unused dispute fee credit goes back to the card at once (the sweeper retries any failure).
      return { ...result, refunds: await payOwedRefunds(deps) };
    },
  }),
  command({
    name: "attach-decision-document",
    summary: "Attach the adjudicator's decision document (a PDF, at most 30 MB, checked by its content) to a claim's arbitration",
    example: "npm run ops -- attach-decision-document --claim-id <id> --path ./decision.pdf [--name 'Adjudicator decision.pdf'] (or --base64 <bytes>)",
    input: anyInput,
    run: (deps, input) => attachDecisionDocument(deps.db, deps.files, input, deps.clock.now()),
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

