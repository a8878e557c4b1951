/**
 * Stripe's error format: `{ error: { type, code, decline_code, message, param, … } }` with
 * Stripe's HTTP statuses (400 invalid_request_error / idempotency_error, 401 bad key,
 * 402 card_error, 404 resource_missing). The SDK turns each status into its error class
 * (StripeInvalidRequestError, StripeAuthenticationError, StripeCardError, StripeIdempotencyError).
 */

export type StripeErrorType = "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";

export type StripeErrorBody = {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Record<string, unknown>;
  setup_intent?: Record<string, unknown>;
  payment_method?: Record<string, unknown>;
  request_log_url?: string;
};

export type ErrorStatus = 400 | 401 | 402 | 404 | 409 | 500;

export class StripeSandboxError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

export function invalidRequest(message: string, options: { param?: string; code?: string; status?: 400 | 404 } = {}) {
  return new StripeSandboxError(options.status ?? 400, {
    type: "invalid_request_error",
    message,
    ...(options.code ? { code: options.code, doc_url: docUrl(options.code) } : {}),
    ...(options.param ? { param: options.param } : {}),
  });
}

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { param, code: "parameter_missing" });

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { param, code: "parameter_unknown" });

export const invalidParam = (param: string, message: string) =>
  invalidRequest(message, { param, code: "parameter_invalid" });

const RESOURCE_NAMES: Record<string, string> = {
  customer: "customer",
  payment_method: "PaymentMethod",
  payment_intent: "payment_intent",
  setup_intent: "setupintent",
  charge: "charge",
  refund: "refund",
  event: "event",
};

/** `No such customer: 'cus_…'`: 404 for the object a path names, 400 for one a parameter names. */
export function resourceMissing(objectType: string, id: string, param: string, status: 400 | 404) {
  return invalidRequest(`No such ${RESOURCE_NAMES[objectType] ?? objectType}: '${id}'`, {
    param,
    code: "resource_missing",
    status,
  });
}

export function authenticationError(message: string) {
  return new StripeSandboxError(401, { type: "invalid_request_error", message });
}

export function idempotencyError(message: string, status: 400 | 409 = 400) {
  return new StripeSandboxError(status, { type: "idempotency_error", message });
}

/** A card error (402). `extra` carries decline_code, charge, payment_intent… as Stripe's do. */
export function cardError(code: string, message: string, extra: Omit<StripeErrorBody, "type" | "message" | "code"> = {}) {
  return new StripeSandboxError(402, { type: "card_error", code, message, doc_url: docUrl(code), ...extra });
}

export function unexpectedState(kind: "payment_intent" | "setup_intent", message: string) {
  return invalidRequest(message, { code: `${kind}_unexpected_state` });
}
