/**
 * "Download your data" (issue 40, decision 0069): the signed-in tenant's latest export and its
 * state, asking for a new one (built as a job, e-mailed as a link to the signed-in page), and the
 * ZIP itself, answered only to its owner while it is ready.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { DATA_EXPORT_EXPIRY_DAYS } from "../domain/data-exports";
import { apiRoute } from "../lib/api-route";
import { answerFile, fileResponse } from "../lib/file-answer";
import { idParam } from "../lib/input-schemas";
import { dataExportContent, dataExportView, latestDataExport, requestDataExport, startDataExport } from "./service";

const DataExportSchema = z
  .object({
    id: z.string(),
    state: z.enum(["PREPARING", "READY", "EXPIRED", "FAILED"]).openapi({ description: "Being prepared, ready to download (until expiresAt), expired (the file deleted), or failed (ask again)" }),
    requestedAt: z.string(),
    readyAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    size: z.number().int().nullable().openapi({ description: "The ZIP's size in bytes, once ready" }),
  })
  .openapi("DataExport");

const DataExportsSchema = z
  .object({
    latest: DataExportSchema.nullable().openapi({ description: "The tenant's latest export; null when they never asked" }),
    expiryDays: z.number().int().openapi({ description: "How many days a ready export can be downloaded" }),
  })
  .openapi("DataExports");

const getDataExports = apiRoute({
  method: "get", path: "/me/data-exports", operationId: "getDataExports", tags: ["account"],
  summary: "The signed-in tenant's latest export of their data and its state (issue 40)",
  auth: "tenant",
  ok: ["The latest export", DataExportsSchema], errors: [401],
});

const requestDataExportRoute = apiRoute({
  method: "post", path: "/me/data-exports", operationId: "requestDataExport", tags: ["account"],
  summary:
    "Ask for a ZIP of everything held about the tenant: built as a job and e-mailed as a link to the signed-in page. 409 while one is being prepared; a ready one is replaced",
  auth: "tenant",
  created: ["Asked for: being prepared", DataExportsSchema], errors: [401, 409],
});

const getDataExportContent = apiRoute({
  method: "get", path: "/me/data-exports/{exportId}/content", operationId: "getDataExportContent", tags: ["account"],
  summary: "The ZIP of one of the tenant's own exports while it is ready (404 for another tenant's, one not ready, or expired)",
  auth: "tenant", params: z.object({ exportId: idParam() }),
  responses: fileResponse("The ZIP", "application/zip"),
  errors: [401, 404],
});

export const dataExportsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDataExports, async (c) => {
    const deps = c.get("deps");
    const latest = await latestDataExport(deps, c.get("auth").userId);
    return c.json({ latest: dataExportView(latest, deps.clock.now()), expiryDays: DATA_EXPORT_EXPIRY_DAYS }, 200);
  })
  .openapi(requestDataExportRoute, async (c) => {
    const deps = c.get("deps");
    const row = await requestDataExport(deps, c.get("auth").userId);
    startDataExport(deps, row.id);
    return c.json({ latest: dataExportView(row, deps.clock.now()), expiryDays: DATA_EXPORT_EXPIRY_DAYS }, 201);
  })
  .openapi(getDataExportContent, async (c) => answerFile(c, await dataExportContent(c.get("deps"), c.get("auth").userId, c.req.valid("param").exportId)));
