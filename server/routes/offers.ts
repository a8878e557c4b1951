import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export const offersRoutes = new OpenAPIHono<AppEnv>();
