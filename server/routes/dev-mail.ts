import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";

export const devMailRoutes = new OpenAPIHono<AppEnv>();
