import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure, createApi } = await import("../../app/lib/api.server");
const { hostApiContext, hostLoadContext } = await import("../../app/lib/host");
const { middleware } = await import("../../app/root");

/** A host whose API answers every request with `status` and `body`, recording what it was asked. */
function hostAnswering(status: number, body: unknown) {
  const seen: Request[] = [];
  return {
    seen,
    host: {
      baseUrl: "http://api.test",
      fetch: async (request: Request) => {
        seen.push(request);
        return Response.json(body, { status });
      },
    },
  };
}

function page(path: string, accessToken?: string) {
  const url = new URL(`http://localhost${path}`);
  return { request: new Request(url), url, accessToken };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

describe("the API client in the router context", () => {
  it("answers the operation's data, with the session's access token", async () => {
    const { host, seen } = hostAnswering(200, { id: "c1", hasDuplicatePaymentMethod: false });
    const api = createApi(host, page("/", "token-1"));
    const customer = await api.GET("/customer");
    expect(customer.id).toBe("c1");
    expect(seen[0]!.url).toBe("http://api.test/customer");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer token-1");
  });

  it("a 401 logs the tenant out: to login, coming back here, with 'Your session has expired. Please sign in again.'", async () => {
    const { host } = hostAnswering(401, { message: "Unauthorised" });
    const response = (await thrown(createApi(host, page("/?status=expired", "old")).GET("/customer"))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/login?redirectTo=%2F%3Fstatus%3Dexpired");
    const cookies = response.headers.getSetCookie();
    // The session cookie is cleared, and the flash cookie carries the spec's message.
    expect(cookies.some((c) => c.startsWith("keyfree_session=;"))).toBe(true);
    const flashCookie = cookies.find((c) => c.startsWith("keyfree_flash="))!;
    const { flash } = await import("../../app/lib/session.server");
    const toast = await flash.getToast(new Request("http://localhost/", { headers: { cookie: flashCookie.split(";")[0]! } }));
    expect(toast.toast).toMatchObject({ type: "error", message: "Your session has expired. Please sign in again." });
  });

  it("a 404 is the not-found page (a 404 route error response), with the API's message", async () => {
    const { host } = hostAnswering(404, { message: "Order not found" });
    const error = (await thrown(
      createApi(host, page("/annual-fee/x/y", "t")).GET("/orders/{orderId}/customers/{customerId}", {
        params: { path: { orderId: "x", customerId: "y" } },
      }),
    )) as { type: string; init: { status: number }; data: unknown };
    expect(error.type).toBe("DataWithResponseInit");
    expect(error.init.status).toBe(404);
    expect(error.data).toEqual({ message: "Order not found" });
  });

  it("any other failure throws ApiFailure with the API's message", async () => {
    const { host } = hostAnswering(409, { message: "Already paid" });
    const error = await thrown(createApi(host, page("/", "t")).GET("/customer"));
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 409, message: "Already paid" });
  });

  it("raw answers every status as it is (for JSON endpoints and the login), nothing thrown", async () => {
    const { host } = hostAnswering(401, { message: "Unauthorised" });
    const { data, error, response } = await createApi(host, page("/", "t")).raw.GET("/customer");
    expect(data).toBeUndefined();
    expect(error).toEqual({ message: "Unauthorised" });
    expect(response.status).toBe(401);
  });

  it("the root middleware puts one client per request in the context, over the host's API", async () => {
    const { host, seen } = hostAnswering(200, { id: "c2" });
    const context = hostLoadContext(host);
    expect(context.get(hostApiContext)).toBe(host);
    const { request, url } = page("/");
    for (const run of middleware) await run({ request, url, context, params: {}, unstable_pattern: "/" } as never, async () => undefined as never);
    const customer = await context.get(apiContext).GET("/customer");
    expect(customer.id).toBe("c2");
    expect(seen).toHaveLength(1);
    // Without a session there is no token to send.
    expect(seen[0]!.headers.get("authorization")).toBeNull();
  });

  it("a context without a host's API refuses plainly", () => {
    expect(() => new RouterContextProvider().get(hostApiContext)).toThrow();
  });
});
