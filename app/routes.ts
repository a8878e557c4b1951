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
  // Where the spec sends a tenant after setting a password: the dashboard.
  route("keyfrees", "routes/keyfrees.ts"),

  // Outside production only: the e-mails the app has queued (the dev mailbox).
  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/mail/:emailId", "routes/dev/mail-message.tsx"),

  // Everything else needs a signed-in tenant.
  layout("routes/protected.tsx", [
    index("routes/dashboard.tsx"),
    // The onboarding checkout (part 1 §2.3); its earlier steps' pages come with the checkout issue.
    route("checkout/:orderId/:customerId", "routes/checkout/index.tsx"),
    route("checkout/:orderId/:customerId/pay", "routes/checkout/pay.tsx"),
    route("checkout/:orderId/:customerId/finish", "routes/checkout/finish.tsx"),
    route("annual-fee/payment-success", "routes/annual-fee/payment-success.tsx"),
    route("annual-fee/:orderId/:customerId", "routes/annual-fee/pay.tsx"),
    route("add-payment-method", "routes/payments/add-payment-method.tsx"),
    route("add-payment-method-success", "routes/payments/add-payment-method-success.tsx"),
    // Resources (no page): JSON for the card form's steps (JavaScript only), and downloads.
    route("payments/:step", "routes/resources/payment-step.ts"),
    route("add-payment-method/save", "routes/resources/add-payment-method-save.ts"),
    route("documents/:documentId", "routes/resources/document.ts"),
  ]),

  // Offline card payments: the sandbox's browser endpoints, for the stand-in Stripe.js.
  route("stripe-sandbox/*", "routes/resources/stripe-sandbox.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
