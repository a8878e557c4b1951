import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export const checkoutRoutes = new OpenAPIHono<AppEnv>();
