import { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { routePath } from "hono/route";
import { HTTPException } from "hono/http-exception";
import Stripe from "stripe";
import { ZodError } from "zod";
import type { AppEnv, Deps } from "./context";
import { ApiError } from "./lib/errors";
import { describeError, log } from "./lib/log";
import { setResponseHeader } from "./lib/response-headers";
import { inRequestScope, nameRequestSpan } from "./lib/tracing";
import { abortedRequestAnswer, CLIENT_CLOSED_REQUEST, logRequest } from "./lib/request-log";
import { observeRequest } from "./lib/metrics";
import { healthRoutes } from "./lib/health";
import { isMultipart, MultipartRefusal, parseMultipart, type ParsedMultipart } from "./lib/multipart";
import { UPLOAD_MAX_BYTES } from "#common/uploads";
import { isWellFormedId } from "#common/input";
import { accountRoutes } from "./accounts/account.routes";
import { closureRoutes } from "./accounts/closure.routes";
import { arbitrationsRoutes } from "./arbitrations/routes";
import { authRoutes } from "./accounts/auth.routes";
import { identityRoutes } from "./accounts/identity.routes";
import { checkoutRoutes } from "./checkout/routes";
import { claimsRoutes } from "./claims/routes";
import { claimRecordRoutes } from "./claim-records/routes";
import { documentsRoutes } from "./documents/routes";
import { inventoryRoutes } from "./inventory/routes";
import { offersRoutes } from "./offers/routes";
import { opsCommands } from "./ops";
import type { OpsCommand } from "./ops/commands";
import { opsGuard, opsRoutes } from "./ops/routes";
import { dashboardRoutes } from "./orders/dashboard.routes";
import { receiptRoutes } from "./orders/receipts.routes";
import { orderPaymentRoutes } from "./orders/payment.routes";
import { orderRoutes } from "./orders/routes";
import { passwordRoutes } from "./accounts/password.routes";
import { paymentsRoutes } from "./payments/routes";
import { stripeWebhookRoutes } from "./payments/webhooks.routes";
import { smsStatusCallbackRoutes } from "./lib/sms-status.routes";
import { paymentPlansRoutes } from "./payment-plans/routes";
import { planRequestRoutes } from "./plan-requests/routes";
import { referencesRoutes } from "./references/routes";
import { supportRoutes } from "./support/routes";
import { dataExportsRoutes } from "./data-exports/routes";
import { complaintRoutes } from "./complaints/routes";
import { supportNeedsRoutes } from "./support-needs/routes";
import { breathingSpaceRoutes } from "./breathing-space/routes";
import { claimPayments } from "./claim-payments";
import { orderActionPayments } from "./orders";
import { instalmentPayments } from "./payment-plans";
import { registerPaymentPurpose } from "./payments";
import { settleOpenPaymentsFirst } from "./payments/on-demand";
import { requireTenant } from "./lib/auth";

// What each kind of card payment is for: the payments module applies them and imports no area.
registerPaymentPurpose(orderActionPayments);
registerPaymentPurpose(claimPayments);
registerPaymentPurpose(instalmentPayments);

/** JSON bodies larger than this are refused with 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: {
    title: "Keyfree tenant API",
    version: "1.0.0",
    description:
      "The API behind the Keyfree tenant web app. Every call but login takes a bearer token; a tenant reaches only their own data.",
  },
} as const;

function zodIssues(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** The tenant API as a Hono app. Everything it needs comes in `deps`. */
const UPLOAD_TOO_LARGE_ANSWER = "The file is too large (max 30MB), please compress this file and re-upload";
/** An upload: one file of at most 30 MB (a larger one is cut one byte over, for checkUpload to refuse by name) and a few fields. */
const API_MULTIPART_LIMITS = {
  maxBodyBytes: UPLOAD_MAX_BYTES + 64 * 1024,
  maxFileBytes: UPLOAD_MAX_BYTES,
  maxFiles: 5,
  maxFields: 50,
  maxFieldBytes: 64 * 1024,
};

/**
 * What a composition root adds to the API outside production: the stand-ins (stand-ins/index.ts),
 * which the product never imports. Declared here so the product needs no type of theirs.
 */
export type ApiStandIns = {
  /** Ops commands listed after the product's own: the other parties (raise-claim, decide-adjudication...). */
  opsCommands?: readonly OpsCommand[];
  /** Plain routes mounted under /ops, behind the ops token: the mailbox's outbox, the analytics store. */
  opsRoutes?: readonly Hono<AppEnv>[];
};

export function createApi(deps: Deps, standIns: ApiStandIns = {}) {
  const app = new OpenAPIHono<AppEnv>({
    // A request that does not match a route's zod schema gets a 400 with each problem.
    defaultHook: (result, c) => {
      if (!result.success) {
        // A path id that is not an id's shape (a NUL, 300 characters, a slash) is not found, as
        // an id that does not exist is: never a 400 (issue 23). Checked whatever part failed, so
        // a bad query beside a bad path id still answers 404.
        if (result.target === "param" || Object.values(c.req.param() as Record<string, string>).some((id) => !isWellFormedId(id))) {
          return c.json({ message: "Not found" }, 404);
        }
        const issues = zodIssues(result.error as ZodError);
        const first = issues[0];
        return c.json(
          { message: first ? `Invalid request: ${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid request", issues },
          400,
        );
      }
    },
  });

  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "An access token from login",
  });

  // Each request in its scope (server/lib/tracing.ts): the web's request id (or a new one) on
  // every log line, and with tracing on a span continuing the caller's `traceparent`.
  app.use("*", (c, next) =>
    inRequestScope(c.req.raw, async (scope) => {
      const { requestId } = scope;
      c.set("requestId", requestId);
      c.set("deps", deps);
      const started = performance.now();
      await next();
      setResponseHeader(c, "x-request-id", requestId);
      setResponseHeader(c, "cache-control", "no-store");
      const ms = performance.now() - started;
      // Its figures by Hono's route pattern (/claims/:claimId), never the path (issue 41); "other"
      // when a middleware answered (a body too large, no such route).
      const route = routePath(c);
      const pattern = route === "*" || route === "/*" ? "other" : route;
      observeRequest("api", c.req.method, pattern, c.req.raw.signal.aborted ? CLIENT_CLOSED_REQUEST : c.res.status, ms);
      nameRequestSpan(scope, c.req.method, pattern, c.res.status);
      logRequest(c.req.raw, "api request", {
        requestId,
        method: c.req.method,
        // The path only: query strings can carry tokens (offer and inventory links).
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        ms: Math.round(ms),
      });
    }),
  );

  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ message: "The request body is too large" }, 413),
  });
  // A multipart post (an upload: 30 MB plus the envelope) is read as it arrives, its file to a
  // scratch file, never whole in memory, and refused once past its limit as it is read. (Hono's
  // bodyLimit would hold a body sent without a Content-Length whole, growing its buffer by
  // doubling.) The route's form validator reads the parsed form; the scratch files go once it has
  // answered. Every other body is small and gets the JSON limit.
  app.use("*", async (c, next) => {
    if (!isMultipart(c.req.header("content-type"))) return jsonLimit(c, next);
    const declared = c.req.header("content-length");
    if (declared && /^\d+$/.test(declared) && Number(declared) > API_MULTIPART_LIMITS.maxBodyBytes) {
      return c.json({ message: UPLOAD_TOO_LARGE_ANSWER }, 413);
    }
    let parsed: ParsedMultipart;
    try {
      parsed = await parseMultipart(c.req.raw, API_MULTIPART_LIMITS);
    } catch (error) {
      if (!(error instanceof MultipartRefusal)) throw error;
      return error.reason === "too-large"
        ? c.json({ message: UPLOAD_TOO_LARGE_ANSWER }, 413)
        : c.json({ message: "Malformed FormData request." }, 400);
    }
    c.req.bodyCache.formData = parsed.form;
    try {
      await next();
    } finally {
      await parsed.release();
    }
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ message: error.message }, error.status);
    if (error instanceof ZodError) {
      const issues = zodIssues(error);
      return c.json({ message: `Invalid request: ${issues[0]?.path}: ${issues[0]?.message}`, issues }, 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || "Bad request" }, error.status);
    }
    const aborted = abortedRequestAnswer(c.req.raw, error);
    if (aborted) return aborted;
    const path = new URL(c.req.url).pathname;
    // The card provider: a card it refused says why in words meant for the cardholder (part 1 §8:
    // the provider's message, or 'An error has occured'); anything else it answered (or failed
    // to) is logged and shown as the provider being unavailable.
    if (error instanceof Stripe.errors.StripeCardError) {
      return c.json({ message: error.message || "An error has occured" }, 400);
    }
    if (error instanceof Stripe.errors.StripeError) {
      log.error("card provider error", { requestId: c.get("requestId"), path, type: error.type, code: error.code, message: error.message });
      return c.json({ message: "We could not reach our card payment provider. Please try again in a moment." }, 502);
    }
    log.error("api error", { requestId: c.get("requestId"), path, ...describeError(error) });
    return c.json({ message: "Something went wrong" }, 500);
  });

  app.notFound((c) => c.json({ message: "Not found" }, 404));

  // The pages of a payment (pay, waiting, finish) show what the card provider knows: a tenant's
  // open payments are settled on demand before these views are read.
  for (const path of [
    "/orders/:orderId/customers/:customerId",
    "/claims/:claimId",
    "/arbitrations/:arbitrationId",
    "/payment-plans/:paymentPlanId",
    "/payment-plans/:paymentPlanId/instalments/:instalmentId",
  ]) {
    app.get(path, requireTenant, settleOpenPaymentsFirst);
  }

  app.route("/", healthRoutes());
  app.route("/", authRoutes);
  app.route("/", identityRoutes);
  app.route("/", passwordRoutes);
  app.route("/", accountRoutes);
  app.route("/", closureRoutes);
  app.route("/", orderRoutes);
  app.route("/", dashboardRoutes);
  app.route("/", receiptRoutes);
  app.route("/", checkoutRoutes);
  app.route("/", referencesRoutes);
  app.route("/", documentsRoutes);
  app.route("/", claimsRoutes);
  app.route("/", claimRecordRoutes);
  app.route("/", arbitrationsRoutes);
  app.route("/", paymentPlansRoutes);
  app.route("/", planRequestRoutes);
  app.route("/", offersRoutes);
  app.route("/", inventoryRoutes);
  app.route("/", orderPaymentRoutes);
  app.route("/", paymentsRoutes);
  app.route("/", stripeWebhookRoutes);
  app.route("/", smsStatusCallbackRoutes);
  app.route("/", supportRoutes);
  app.route("/", complaintRoutes);
  app.route("/", supportNeedsRoutes);
  app.route("/", breathingSpaceRoutes);
  app.route("/", dataExportsRoutes);

  if (deps.config.opsEnabled) {
    // Playing the other parties, and what the stand-ins add (the outbox for /dev/mail, the
    // analytics store): outside production only, and only with the ops token.
    app.use("/ops/*", opsGuard(deps.config.opsToken));
    app.route("/ops", opsRoutes([...opsCommands, ...(standIns.opsCommands ?? [])]));
    for (const routes of standIns.opsRoutes ?? []) app.route("/ops", routes);
  }

  app.doc31("/openapi.json", OPENAPI_INFO);

  return app;
}

export type Api = ReturnType<typeof createApi>;

/** The OpenAPI document, exactly as committed in openapi/openapi.json. */
export function openApiDocument(api: Api) {
  return api.getOpenAPI31Document(OPENAPI_INFO);
}
