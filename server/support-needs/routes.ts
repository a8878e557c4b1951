/**
 * Support needs and someone to help (issue 36, scope 5; docs/decisions/0050). The signed-in
 * tenant's own record (no ids: it is always theirs), and the helper's confirmation through the
 * token e-mailed to them, which takes the place of a bearer token.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import {
  AddSupportHelperBody,
  HelperConfirmationSchema,
  HelperConfirmedSchema,
  HelperTokenBody,
  HelperTokenQuery,
  RemovedHelperSchema,
  SaveSupportNeedsBody,
  SupportNeedsSchema,
} from "./schemas";
import { addSupportHelper, confirmSupportHelper, removeSupportHelper, saveSupportNeeds, withdrawSupportNeeds } from "./service";
import { helperConfirmationView, supportNeedsView } from "./views";

const supportNeedsAnswer = (description: string) => ({ description, content: { "application/json": { schema: SupportNeedsSchema } } });

const getSupportNeeds = apiRoute({
  method: "get", path: "/me/support-needs", operationId: "getSupportNeeds", tags: ["support needs"],
  summary: "What the signed-in tenant has told us would help them (kept only with their consent), and who helps them (issue 36)",
  auth: "tenant",
  responses: { 200: supportNeedsAnswer("The support needs and the helper") }, errors: [401],
});

const saveSupportNeedsRoute = apiRoute({
  method: "put", path: "/me/support-needs", operationId: "saveSupportNeeds", tags: ["support needs"],
  summary:
    "Record what would help, with the tenant's explicit consent (consent must be true; nothing is saved without it); replaces what was recorded",
  auth: "tenant", body: SaveSupportNeedsBody,
  responses: { 200: supportNeedsAnswer("Recorded") }, errors: [400, 401],
});

const withdrawSupportNeedsRoute = apiRoute({
  method: "delete", path: "/me/support-needs", operationId: "withdrawSupportNeeds", tags: ["support needs"],
  summary: "Withdraw consent: what was recorded is deleted (the helper, if any, stays until removed on its own)",
  auth: "tenant",
  responses: { 200: supportNeedsAnswer("Deleted (or there was nothing to delete)") }, errors: [401],
});

const addSupportHelperRoute = apiRoute({
  method: "post", path: "/me/support-helper", operationId: "addSupportHelper", tags: ["support needs"],
  summary:
    "Add the one person who helps the tenant (an adviser or a relative): they are e-mailed a link to confirm, valid for 7 days, and once they confirm they get a copy of every e-mail about the tenant's Keyfree, claims and payments. 409 while another is waiting or confirmed",
  auth: "tenant", body: AddSupportHelperBody,
  responses: { 201: supportNeedsAnswer("Added: the link is e-mailed to them") }, errors: [400, 401, 409],
});

const removeSupportHelperRoute = apiRoute({
  method: "delete", path: "/me/support-helper", operationId: "removeSupportHelper", tags: ["support needs"],
  summary: "Remove the helper at once: no copy reaches them from now on, not even of e-mails already queued; a helper who had confirmed is told",
  auth: "tenant",
  ok: ["Removed (or nobody was helping)", RemovedHelperSchema], errors: [401],
});

const getHelperConfirmation = apiRoute({
  method: "get", path: "/support-helpers/confirmation", operationId: "getSupportHelperConfirmation", tags: ["support needs"],
  summary: "What the helper's link is, without signing in: whom they would help while it can be used, otherwise why not (used, expired, not valid)",
  query: HelperTokenQuery,
  ok: ["The link's state", HelperConfirmationSchema], errors: [400],
});

const confirmHelper = apiRoute({
  method: "post", path: "/support-helpers/confirm", operationId: "confirmSupportHelper", tags: ["support needs"],
  summary: "The helper confirms through their link (no sign-in): once, within 7 days, unless the tenant removed them; 400 with the reason otherwise",
  body: HelperTokenBody,
  ok: ["Confirmed: from now on they get copies", HelperConfirmedSchema], errors: [400],
});

export const supportNeedsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getSupportNeeds, async (c) => {
    const { db, clock } = c.get("deps");
    return c.json(await supportNeedsView(db, c.get("auth").userId, clock.now()), 200);
  })
  .openapi(saveSupportNeedsRoute, async (c) => {
    return c.json(await saveSupportNeeds(c.get("deps"), c.get("auth").userId, c.req.valid("json")), 200);
  })
  .openapi(withdrawSupportNeedsRoute, async (c) => {
    return c.json(await withdrawSupportNeeds(c.get("deps"), c.get("auth").userId), 200);
  })
  .openapi(addSupportHelperRoute, async (c) => {
    return c.json(await addSupportHelper(c.get("deps"), c.get("auth").userId, c.req.valid("json")), 201);
  })
  .openapi(removeSupportHelperRoute, async (c) => {
    return c.json(await removeSupportHelper(c.get("deps"), c.get("auth").userId), 200);
  })
  .openapi(getHelperConfirmation, async (c) => {
    const { db, clock } = c.get("deps");
    return c.json(await helperConfirmationView(db, c.req.valid("query").token, clock.now()), 200);
  })
  .openapi(confirmHelper, async (c) => {
    return c.json(await confirmSupportHelper(c.get("deps"), c.req.valid("json").token), 200);
  });
