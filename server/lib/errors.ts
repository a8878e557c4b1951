import { z } from "@hono/zod-openapi";

/** Every error the API sends: a message a person can read. */
export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: "Wrong email or password" }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "Field problems, for a 400" }),
  })
  .openapi("Error");

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what = "Not found") => new ApiError(404, what);
export const unauthorised = (message = "Your session has ended. Please sign in again.") => new ApiError(401, message);

/** The statuses an operation may answer with an Error. */
export type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 415 | 429 | 502;

/** Response entries to spread into a route's `responses`. */
export function errorResponses(...statuses: ErrorStatus[]) {
  const descriptions: Record<number, string> = {
    400: "The request is malformed or invalid, or the card payment provider refused the card (its message says why)",
    401: "No valid access token",
    404: "Not found, or not yours",
    409: "Not allowed in the current state",
    413: "Too large",
    415: "File type not allowed",
    429: "Too many attempts",
    502: "The card payment provider could not be reached or failed",
  };
  return Object.fromEntries(
    statuses.map((s) => [s, { description: descriptions[s]!, content: { "application/json": { schema: ErrorSchema } } }]),
  ) as Record<number, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }>;
}
