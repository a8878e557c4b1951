import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiRoute } from "../lib/api-route";
import { singleLineText } from "../lib/input-schemas";
import { signInWithIdentity } from "./identity-service";

const IdentityLoginBody = z
  .object({
    idToken: singleLineText("identityToken")
      .min(1)
      .openapi({ description: "The ID token the identity provider issued to the web app (a signed JWT)" }),
  })
  .openapi("IdentityLoginRequest");

const IdentityLoginResponse = z
  .object({ accessToken: z.string().openapi({ description: "Bearer token" }) })
  .openapi("IdentityLoginResponse");

const identityLogin = apiRoute({
  method: "post", path: "/auth/identity-login", operationId: "identityLogin", tags: ["auth"],
  summary: "Sign in with an ID token from the identity provider",
  description:
    "The API verifies the ID token itself against the configured issuer's published keys (issuer, audience, expiry, " +
    "age, a verified e-mail, single use), then signs in the tenant with that e-mail address.",
  body: IdentityLoginBody,
  ok: ["Signed in", IdentityLoginResponse], errors: [400, 401, 404, 409],
});

export const identityRoutes = new OpenAPIHono<AppEnv>().openapi(identityLogin, async (c) => {
  const { idToken } = c.req.valid("json");
  return c.json(await signInWithIdentity(c.get("deps"), idToken), 200);
});
