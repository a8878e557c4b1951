import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export const claimsRoutes = new OpenAPIHono<AppEnv>();
