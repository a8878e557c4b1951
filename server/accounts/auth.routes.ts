import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { clientAddress } from "../lib/client-address";
import { emailAddress, singleLineText } from "../lib/input-schemas";
import { signIn, signOut } from "./auth-service";

const LoginBody = z
  .object({
    email: emailAddress().openapi({ example: "demo@keyfree.example" }),
    password: singleLineText("password").min(1),
  })
  .openapi("LoginRequest");

const LoginResponse = z
  .object({
    requiresReset: z.boolean().openapi({ description: "The user must reset their password before signing in" }),
    accessToken: z.string().nullable().openapi({ description: "Bearer token, null when a reset is required" }),
  })
  .openapi("LoginResponse");

const login = apiRoute({
  method: "post", path: "/auth/login", operationId: "login", tags: ["auth"],
  summary: "Sign in with email and password",
  body: LoginBody,
  ok: ["Signed in, or told to reset the password", LoginResponse], errors: [400, 401, 429],
});

const logout = apiRoute({
  method: "post", path: "/auth/logout", operationId: "logout", tags: ["auth"],
  summary: "Revoke the access token in use and record a logout event",
  auth: "tenant",
  responses: { 204: { description: "Signed out" } }, errors: [401],
});

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json(await signIn(c.get("deps"), email, password, clientAddress(c)), 200);
  })
  .openapi(logout, async (c) => {
    await signOut(c.get("deps"), c.get("auth"));
    return c.body(null, 204);
  });
