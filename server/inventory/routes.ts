/**
 * The tenancy inventory confirmation (part 2 §2 route table and tenancy inventory
 * pages), answered without login through the token in the e-mail link
 * `/tenancy-inventory-response?token=…&response=CONFIRMED|UNCONFIRMED`.
 *
 * Reading chosen for what the web needs: a token that is no recipient's answers 404
 * (as every unknown id in this API; the web shows /tenancy-inventory-error for it), and
 * a well-formed request whose response is neither CONFIRMED nor UNCONFIRMED answers 200
 * with outcome ERROR and changes nothing ('any other value shows the error page'), so
 * the web maps outcomes to pages one to one.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { INVENTORY_OUTCOMES } from "../domain/tenancy-inventory";
import { apiRoute } from "../lib/api-route";
import { singleLineText } from "../lib/input-schemas";
import { respondToTenancyInventory as recordResponse } from "./service";
import { recordTenantVacated } from "./vacated";

const RespondBody = z
  .object({
    token: singleLineText("token").min(1).openapi({ description: "The token from the e-mail link" }),
    response: singleLineText("code").openapi({ description: "CONFIRMED or UNCONFIRMED; any other value gives outcome ERROR" }),
  })
  .openapi("TenancyInventoryResponseInput");

const OutcomeSchema = z
  .object({
    outcome: z.enum(INVENTORY_OUTCOMES).openapi({
      description:
        "The page to show: CONFIRMED and UNCONFIRMED the thank-you texts, ALREADY_RESPONDED /tenancy-inventory-already-responded, PREVIOUSLY_CONFIRMED /tenancy-inventory-previously-confirmed, ERROR /tenancy-inventory-error",
    }),
  })
  .openapi("TenancyInventoryOutcome");

const respondToTenancyInventory = apiRoute({
  method: "post", path: "/tenancy-inventory-responses", operationId: "respondToTenancyInventory", tags: ["tenancy inventory"],
  summary: "Confirm or deny receiving the tenancy inventory (no login: the token from the e-mail link)",
  body: RespondBody,
  ok: ["What happened, as the page to show", OutcomeSchema], errors: [400, 404],
});

const inventoryAnswers = new OpenAPIHono<AppEnv>().openapi(respondToTenancyInventory, async (c) => {
  const { db, clock, config } = c.get("deps");
  const outcome = await recordResponse(db, c.req.valid("json"), clock.now(), config);
  return c.json({ outcome }, 200);
});

// ── Tenant vacated (issue 38, decision 0058): the move-out link's visit ──

const VacatedBody = z
  .object({ token: singleLineText("token").min(1).openapi({ description: "The token from the e-mailed move-out link" }) })
  .openapi("TenantVacatedInput");

const VacatedSchema = z
  .object({
    outcome: z.enum(["RECORDED", "ALREADY_RECORDED"]).openapi({ description: "RECORDED now (the agent or landlord is e-mailed), or ALREADY_RECORDED by an earlier visit" }),
  })
  .openapi("TenantVacatedOutcome");

const tenantVacated = apiRoute({
  method: "post", path: "/tenant-vacated", operationId: "tenantVacated", tags: ["tenancy inventory"],
  summary: "A tenant has moved out (no login: the token from the e-mailed link); recorded once, the agent or landlord told",
  body: VacatedBody,
  ok: ["Recorded", VacatedSchema], errors: [400, 404],
});

export const inventoryRoutes = inventoryAnswers.openapi(tenantVacated, async (c) => {
  const { db, clock, config } = c.get("deps");
  const outcome = await recordTenantVacated(db, c.req.valid("json"), clock.now(), config);
  return c.json({ outcome }, 200);
});
