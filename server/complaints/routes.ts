/**
 * Complaints (issue 40, decision 0066): raised from /complaints signed in or not, and read on
 * /complaints/:reference by the tenant who raised it or with the token from its acknowledgement.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { COMPLAINT_MESSAGES, COMPLAINT_REFERENCE_PATTERN, COMPLAINT_TEXT_MAX_LENGTH, COMPLAINT_TOPIC_LABELS, COMPLAINT_TOPICS } from "#common/complaints";
import type { AppEnv, Auth } from "../context";
import { apiRoute } from "../lib/api-route";
import { emailAddress, idField, multiLineText, singleLineText } from "../lib/input-schemas";
import { raiseComplaint, readableComplaint } from "./service";
import { ComplaintSchema, complaintView } from "./views";

const RaiseComplaintBody = z
  .object({
    topic: z.enum(COMPLAINT_TOPICS, { error: COMPLAINT_MESSAGES.topic }).openapi({
      description: `What it is about: ${COMPLAINT_TOPICS.map((t) => `${t} ('${COMPLAINT_TOPIC_LABELS[t]}')`).join(", ")}`,
    }),
    whatHappened: multiLineText(COMPLAINT_TEXT_MAX_LENGTH, { required: COMPLAINT_MESSAGES.whatHappened, tooLong: COMPLAINT_MESSAGES.whatHappenedTooLong })
      .trim()
      .min(1, COMPLAINT_MESSAGES.whatHappened),
    putRight: multiLineText(COMPLAINT_TEXT_MAX_LENGTH, { required: COMPLAINT_MESSAGES.putRight, tooLong: COMPLAINT_MESSAGES.putRightTooLong })
      .trim()
      .min(1, COMPLAINT_MESSAGES.putRight),
    claimId: idField().optional().openapi({ description: "The claim it is about: one the signed-in tenant answers (404 otherwise); only when signed in" }),
    orderId: idField().optional().openapi({ description: "The Keyfree (order) it is about: one the signed-in tenant is on (404 otherwise); only when signed in" }),
    name: singleLineText("name", { required: COMPLAINT_MESSAGES.name })
      .trim()
      .min(1, COMPLAINT_MESSAGES.name)
      .optional()
      .openapi({ description: "The complainant's name: required without signing in; when signed in the account's is used" }),
    email: emailAddress({ required: COMPLAINT_MESSAGES.email })
      .optional()
      .openapi({ description: "Where to write: required without signing in; when signed in the account's is used", example: "tenant@example.com" }),
  })
  .openapi("RaiseComplaintRequest");

const RaisedComplaintSchema = z.object({ reference: z.string().openapi({ example: "C-AB12CD34" }) }).openapi("RaisedComplaint");

const ComplaintParams = z.object({
  reference: z.string().max(20).regex(COMPLAINT_REFERENCE_PATTERN, "Not found").openapi({ param: { name: "reference", in: "path" }, example: "C-AB12CD34" }),
});
const ComplaintQuery = z.object({
  token: singleLineText("token").optional().openapi({ description: "The token from the acknowledgement e-mail: reads the complaint without signing in" }),
});

const raiseComplaintRoute = apiRoute({
  method: "post", path: "/complaints", operationId: "raiseComplaint", tags: ["complaints"],
  summary:
    "Raise a complaint, signed in or not: stored with a reference and acknowledged by e-mail at once (with a link that reads it without signing in); acknowledged within 5 working days, a final response within 8 weeks",
  auth: "optional", body: RaiseComplaintBody,
  created: ["Raised", RaisedComplaintSchema], errors: [400, 401, 404],
});

const getComplaintRoute = apiRoute({
  method: "get", path: "/complaints/{reference}", operationId: "getComplaint", tags: ["complaints"],
  summary:
    "A complaint, to the signed-in tenant who raised it or with the token from its acknowledgement (404 otherwise): its status, responses, due dates and, after a final response or 8 weeks, the ombudsman",
  auth: "optional", params: ComplaintParams, query: ComplaintQuery,
  ok: ["The complaint", ComplaintSchema], errors: [400, 401, 404],
});

export const complaintRoutes = new OpenAPIHono<AppEnv>()
  .openapi(raiseComplaintRoute, async (c) => {
    const auth = c.get("auth") as Auth | undefined;
    const by = auth ? { userId: auth.userId, customerId: c.get("customer")?.id ?? null } : null;
    return c.json(await raiseComplaint(c.get("deps"), by, c.req.valid("json")), 201);
  })
  .openapi(getComplaintRoute, async (c) => {
    const auth = c.get("auth") as Auth | undefined;
    const deps = c.get("deps");
    const found = await readableComplaint(deps.db, c.req.valid("param").reference, { userId: auth?.userId ?? null, token: c.req.valid("query").token });
    return c.json(complaintView(found, deps.clock.now(), deps.config.ombudsman), 200);
  });
