import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export const arbitrationsRoutes = new OpenAPIHono<AppEnv>();
