/**
 * The claim record and its share links (issue 39, decision 0065): the HTTP contract. The record is
 * service.ts's, the links shares.ts's. A shared record is opened by POST (its token in the body,
 * never in a path a log keeps), with no sign-in.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { idParam, singleLineText } from "../lib/input-schemas";
import { ClaimRecordSchema } from "./schemas";
import { buildClaimRecord } from "./service";
import { createShare, listShares, openShare, revokeShare, SHARE_DAYS } from "./shares";

const ClaimParams = z.object({ claimId: idParam() });

const RecordShareSchema = z
  .object({
    id: z.string(),
    adviserName: z.string().openapi({ description: "The person the tenant made the link for" }),
    createdAt: z.string(),
    expiresAt: z.string().openapi({ description: `${SHARE_DAYS} days after it was made` }),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    status: z.enum(["LIVE", "EXPIRED", "REVOKED"]),
  })
  .openapi("RecordShare");

const getClaimRecord = apiRoute({
  method: "get", path: "/claims/{claimId}/record", operationId: "getClaimRecord", tags: ["claims"],
  summary: "The claim's whole history, for a claim the tenant is or was a respondent of (settled ones included)",
  auth: "tenant", params: ClaimParams,
  ok: ["The record", ClaimRecordSchema], errors: [401, 404],
});

const getRecordShares = apiRoute({
  method: "get", path: "/claims/{claimId}/record-shares", operationId: "getRecordShares", tags: ["claims"],
  summary: "The tenant's links to the claim's record, newest first",
  auth: "tenant", params: ClaimParams,
  ok: ["The links", z.object({ shares: z.array(RecordShareSchema) }).openapi("RecordShareList")], errors: [401, 404],
});

const createRecordShare = apiRoute({
  method: "post", path: "/claims/{claimId}/record-shares", operationId: "createRecordShare", tags: ["claims"],
  summary: `Makes a read-only link to the record for a person the tenant names, working for ${SHARE_DAYS} days; the token is answered once`,
  auth: "tenant", params: ClaimParams,
  body: z.object({ adviserName: singleLineText("name").min(1) }).openapi("RecordShareInput"),
  created: ["The link", z.object({ share: RecordShareSchema, token: z.string(), link: z.string().openapi({ description: "The link to give the person: the token in it is shown only now" }) }).openapi("RecordShareCreated")],
  errors: [400, 401, 404, 409],
});

const revokeRecordShare = apiRoute({
  method: "delete", path: "/claims/{claimId}/record-shares/{recordShareId}", operationId: "revokeRecordShare", tags: ["claims"],
  summary: "Stops one of the tenant's links working (again: nothing changes)",
  auth: "tenant", params: z.object({ claimId: idParam(), recordShareId: idParam() }),
  responses: { 204: { description: "Stopped" } }, errors: [401, 404],
});

const openSharedRecord = apiRoute({
  method: "post", path: "/shared-records", operationId: "openSharedRecord", tags: ["claims"],
  summary: "A shared record, opened with its link's token (no sign-in); every view is logged. An unknown, expired or stopped link is a 404",
  body: z
    .object({ token: singleLineText(200).min(1), format: z.enum(["PAGE", "PDF"]).default("PAGE") })
    .openapi("SharedRecordInput"),
  ok: [
    "The record",
    z.object({ adviserName: z.string(), expiresAt: z.string(), record: ClaimRecordSchema }).openapi("SharedRecord"),
  ],
  errors: [400, 404],
});

export const claimRecordRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getClaimRecord, async (c) =>
    c.json(await buildClaimRecord(c.get("deps"), c.req.valid("param").claimId, c.get("auth").userId), 200),
  )
  .openapi(getRecordShares, async (c) =>
    c.json({ shares: await listShares(c.get("deps"), c.req.valid("param").claimId, c.get("auth").userId) }, 200),
  )
  .openapi(createRecordShare, async (c) => {
    const made = await createShare(c.get("deps"), c.req.valid("param").claimId, c.get("auth").userId, c.req.valid("json").adviserName);
    return c.json(made, 201);
  })
  .openapi(revokeRecordShare, async (c) => {
    const { claimId, recordShareId } = c.req.valid("param");
    await revokeShare(c.get("deps"), claimId, recordShareId, c.get("auth").userId);
    return c.body(null, 204);
  })
  .openapi(openSharedRecord, async (c) => {
    const { token, format } = c.req.valid("json");
    return c.json(await openShare(c.get("deps"), token, format), 200);
  });
