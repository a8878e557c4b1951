import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Paths exactly as the spec's route table (part 2 §2). */
export default [
  // Authentication pages: full width, no header; signed-in users go to /.
  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/reset-password-request", "routes/auth/reset-password-request.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
    route("auth/set-password", "routes/auth/set-password.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.tsx"),
  // Identity-provider sign-in (part 1 §2.2): /login goes to the provider, /authenticate is its callback.
  route("login", "routes/auth/identity-login.tsx"),
  route("authenticate", "routes/auth/authenticate.tsx"),
  route("unauthorised", "routes/auth/unauthorised.tsx"),
  // Where the spec sends a tenant after setting a password: the dashboard.
  route("keyfrees", "routes/keyfrees.ts"),

  // Outside production only: the e-mails the app has queued (the dev mailbox).
  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/mail/:emailId", "routes/dev/mail-message.tsx"),

  // No login (part 2 §2 public pages): the Keyfree offer through the token in the query, the
  // tenancy inventory answers from the e-mail's links, and tenant vacated.
  route("keyfree-offer/:keyfreeOfferId", "routes/offers/offer.tsx"),
  route("keyfree-offer/:keyfreeOfferId/accepted", "routes/offers/accepted.tsx"),
  route("keyfree-offer/:keyfreeOfferId/rejected", "routes/offers/rejected.tsx"),
  route("keyfree-offer/:keyfreeOfferId/reason-given", "routes/offers/reason-given.tsx"),
  route("tenancy-inventory-response", "routes/inventory/response.tsx"),
  route("tenancy-inventory-error", "routes/inventory/error.tsx"),
  route("tenancy-inventory-already-responded", "routes/inventory/already-responded.tsx"),
  route("tenancy-inventory-previously-confirmed", "routes/inventory/previously-confirmed.tsx"),
  route("tenant-vacated", "routes/inventory/tenant-vacated.tsx"),
  // Signed in or not (issue 26): a message to support, and its confirmation.
  route("contact", "routes/contact/contact.tsx"),
  route("contact/sent", "routes/contact/sent.tsx"),
  // Complaints (issue 40, decision 0066): the form, signed in or not, and a complaint's page
  // (its owner, or the token from the acknowledgement in the query).
  route("complaints", "routes/complaints/complaints.tsx"),
  route("complaints/:reference", "routes/complaints/complaint.tsx"),
  // Someone to help a tenant (issue 36): the page their e-mailed link opens (the token in the
  // query), and the thank-you after confirming. No sign-in.
  route("helper/confirm", "routes/helper/confirm.tsx"),
  route("helper/confirmed", "routes/helper/confirmed.tsx"),
  // The cookies used, and the answers to the cookie banner (issue 26, decision 0042).
  route("cookies", "routes/cookies/cookies.tsx"),
  // The End of Tenancy Guide (issue 27): the page, the same guide as a tagged PDF, the FAQs.
  route("guide", "routes/guide/guide.tsx"),
  route("guide.pdf", "routes/resources/guide-pdf.ts"),
  route("guide/faqs", "routes/guide/faqs.tsx"),
  // The video walkthrough of answering charges, its captions and transcript (issue 27, scope 3).
  route("guide/walkthrough", "routes/guide/walkthrough.tsx"),
  // Struggling to pay? (issue 36): free debt advice and what we can do, linked from every page and e-mail that asks for money.
  route("help/struggling-to-pay", "routes/help/struggling-to-pay.tsx"),
  // The accessibility statement and the privacy notice (issue 40), linked from every page's footer.
  route("accessibility", "routes/statements/accessibility.tsx"),
  route("privacy", "routes/statements/privacy.tsx"),
  // A claim's record shared with an adviser (issue 39): no sign-in, the link's token in the query.
  route("shared-record", "routes/claims/shared-record.tsx"),
  route("shared-record.pdf", "routes/claims/shared-record-pdf.ts"),

  // Everything else needs a signed-in tenant.
  layout("routes/protected.tsx", [
    index("routes/dashboard/dashboard.tsx"),
    // A Keyfree the tenant has (issue 27, scope 6: where an Active or Expired card goes), and a
    // payment's receipt to download (no page).
    route("keyfrees/:orderId", "routes/keyfrees/keyfree.tsx"),
    // How we contact you (issue 28): e-mails always, text messages unless turned off.
    route("notifications", "routes/account/notifications.tsx"),
    // Support needs, kept with consent, and someone to help (issue 36, decision 0050).
    route("account/support-needs", "routes/account/support-needs.tsx"),
    route("account/support-needs/helper", "routes/account/support-helper.tsx"),
    // Your data (issue 40, decision 0069): download it (a job, e-mailed as a link back here), and the ZIP itself.
    route("account/data", "routes/account/data.tsx"),
    route("account/data/exports/:exportId/download", "routes/resources/data-export.ts"),
    // Breathing Space (issue 36): what it pauses, and recording the tenant's own.
    route("help/breathing-space", "routes/help/breathing-space.tsx"),
    route("keyfrees/:orderId/receipts/:paymentId", "routes/resources/payment-receipt.ts"),
    // The Keyfree's statement, and each receipt's PDF twin (issue 39, scope 3): tagged PDFs, streamed.
    route("keyfrees/:orderId/statement.pdf", "routes/keyfrees/statement-pdf.ts"),
    // A claim's record (issue 39): every claim the tenant is or was party to, settled ones too; its PDF.
    route("claims/:claimId/record", "routes/claims/record.tsx"),
    route("claims/:claimId/record.pdf", "routes/claims/record-pdf.ts"),
    route("keyfrees/:orderId/receipts/:paymentId/receipt.pdf", "routes/keyfrees/receipt-pdf.ts"),
    // A plan the tenant can afford, worked out from their budget, sent as a request (issue 36, scope 2).
    route("help/struggling-to-pay/budget", "routes/help/budget.tsx"),
    // The onboarding checkout (part 1 §2.3): the layout reads the order customer once and keeps
    // the tenant on their next action's step; any other sub-path goes to about-you.
    layout("routes/checkout/layout.tsx", [
      route("checkout/:orderId/:customerId", "routes/checkout/index.tsx"),
      route("checkout/:orderId/:customerId/about-you", "routes/checkout/about-you.tsx"),
      route("checkout/:orderId/:customerId/pay", "routes/checkout/pay.tsx"),
      route("checkout/:orderId/:customerId/finish", "routes/checkout/finish.tsx"),
      route("checkout/:orderId/:customerId/introduction", "routes/checkout/introduction.tsx"),
      route("checkout/:orderId/:customerId/address-history", "routes/checkout/address-history.tsx"),
      route("checkout/:orderId/:customerId/referencing", "routes/checkout/referencing.tsx"),
      // The upload zone's JSON endpoint for referencing's proofs (JavaScript only).
      route("checkout/:orderId/:customerId/referencing/documents", "routes/resources/reference-documents.ts"),
      route("checkout/:orderId/:customerId/confirm", "routes/checkout/confirm.tsx"),
      route("checkout/:orderId/:customerId/sign", "routes/checkout/sign.tsx"),
      route("checkout/:orderId/:customerId/addendum", "routes/checkout/addendum.tsx"),
      route("checkout/:orderId/:customerId/*", "routes/checkout/other.tsx"),
    ]),
    // Answering end-of-tenancy charges (part 1 §2.5): the layout reads the claim once and applies
    // its redirects (payment plan, arbitration, dashboard). Each state that changes what is shown
    // is a URL, so every step works without JavaScript (docs/decisions/0018).
    layout("routes/claims/layout.tsx", [
      route("claims/:claimId", "routes/claims/claim.tsx"),
      route("claims/:claimId/items/:claimItemId/proposal", "routes/claims/proposal.tsx"),
      route("claims/:claimId/items/:claimItemId/evidence", "routes/claims/item-evidence.tsx"),
      // What helps for this charge (issue 27): the evidence checklist, wear and tear and its calculator (a GET form).
      route("claims/:claimId/items/:claimItemId/help", "routes/claims/item-help.tsx"),
      route("claims/:claimId/submit", "routes/claims/submit.tsx"),
      route("claims/:claimId/proposal-payment", "routes/claims/proposal-payment.tsx"),
      route("claims/:claimId/accept", "routes/claims/accept.tsx"),
      route("claims/:claimId/pay", "routes/claims/pay.tsx"),
      route("claims/:claimId/supporting-information", "routes/claims/supporting-information.tsx"),
      // The formal dispute (issue 12, docs/decisions/0023): the form, the £60 fee, reject with no evidence.
      route("claims/:claimId/dispute", "routes/claims/dispute.tsx"),
      route("claims/:claimId/dispute-fee", "routes/claims/dispute-fee.tsx"),
      route("claims/:claimId/reject-no-evidence", "routes/claims/reject-no-evidence.tsx"),
      // Issue 36: ask for more time to answer (decision 0049).
      route("claims/:claimId/more-time", "routes/claims/more-time.tsx"),
    ]),
    route("claims/payment-success", "routes/claims/payment-success.tsx"),
    route("claims/proposal-payment-success", "routes/claims/proposal-payment-success.tsx"),
    route("claims/payment-success-remaining-balance", "routes/claims/payment-success-remaining-balance.tsx"),
    route("claims/arbitration-payment-success", "routes/claims/arbitration-payment-success.tsx"),
    // The adjudication (part 1 §2.4, §2.5): its page, its payment screen (?choice, ?explain) and
    // the remaining balance's success page (docs/decisions/0024).
    route("arbitrations/payment-success", "routes/arbitrations/payment-success.tsx"),
    route("arbitrations/:arbitrationId", "routes/arbitrations/arbitration.tsx"),
    route("arbitrations/:arbitrationId/pay", "routes/arbitrations/pay.tsx"),
    // Claim resources (no page): the deadline as a calendar file, and the upload zones' JSON.
    route("claims/:claimId/deadline.ics", "routes/resources/claim-deadline.ts"),
    route("claims/:claimId/items/:claimItemId/documents", "routes/resources/claim-item-documents.ts"),
    route("claims/:claimId/response-documents", "routes/resources/claim-response-documents.ts"),
    // Payment plans (part 2 §2, §4; issue 13): the layout reads the plan once and keeps the tenant on
    // the page it shows now; the index goes there, an unknown sub-route to address.
    layout("routes/payment-plan/layout.tsx", [
      route("payment-plan/:paymentPlanId", "routes/payment-plan/index.tsx"),
      // The three steps and the page after them (STEPS).
      route("payment-plan/:paymentPlanId/confirm", "routes/payment-plan/confirm.tsx"),
      route("payment-plan/:paymentPlanId/address", "routes/payment-plan/address.tsx"),
      route("payment-plan/:paymentPlanId/card-details", "routes/payment-plan/card-details.tsx"),
      route("payment-plan/:paymentPlanId/card-details/:step", "routes/resources/payment-plan-card.ts"),
      route("payment-plan/:paymentPlanId/payment-plan-live", "routes/payment-plan/payment-plan-live.tsx"),
      // The live plan's pages (LIVE, docs/decisions/0028): the schedule and its calendar file, paying a
      // missed instalment (the card form's JSON steps at instalment-payment), its success page.
      route("payment-plan/:paymentPlanId/active", "routes/payment-plan/active.tsx"),
      route("payment-plan/:paymentPlanId/schedule.ics", "routes/resources/payment-plan-schedule.ts"),
      route("payment-plan/:paymentPlanId/manual-payment", "routes/payment-plan/manual-payment.tsx"),
      route("payment-plan/:paymentPlanId/instalment-payment", "routes/resources/instalment-payment.ts"),
      route("payment-plan/:paymentPlanId/payment-success", "routes/payment-plan/payment-success.tsx"),
      route("payment-plan/:paymentPlanId/*", "routes/payment-plan/other.tsx"),
    ]),
    route("annual-fee/payment-success", "routes/annual-fee/payment-success.tsx"),
    route("annual-fee/:orderId/:customerId", "routes/annual-fee/pay.tsx"),
    route("add-payment-method", "routes/payments/add-payment-method.tsx"),
    route("add-payment-method-success", "routes/payments/add-payment-method-success.tsx"),
    // Resources (no page): JSON for the card form's steps (JavaScript only), and downloads.
    route("payments/:step", "routes/resources/payment-step.ts"),
    route("add-payment-method/save", "routes/resources/add-payment-method-save.ts"),
    route("documents/:documentId", "routes/resources/document.ts"),
    // "Remind {first name}" from the co-tenants panel (issue 38, decision 0061): a post, then back to the page.
    route("co-tenants/remind", "routes/resources/cotenant-reminder.ts"),
  ]),

  // Offline card payments: the sandbox's browser endpoints, for the stand-in Stripe.js.
  route("stripe-sandbox/*", "routes/resources/stripe-sandbox.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
