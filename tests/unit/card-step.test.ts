import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { cardStep, cardStepAnswer } = await import("../../app/lib/card-step.server");
const { postCardStep } = await import("../../app/lib/card-step");
const { commitSession, flash, getSession } = await import("../../app/lib/session.server");

const EXPIRED = "Your session has expired. Please sign in again.";
const FALLBACK = "An error has occured";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser as the card form's page has it: this page's address, and where it is sent. */
function browserAt(pathname: string, search = "") {
  const assign = vi.fn();
  vi.stubGlobal("window", { location: { pathname, search, assign } });
  return assign;
}

function answering(response: Response, as: { redirectedTo?: string } = {}) {
  if (as.redirectedTo) {
    Object.defineProperty(response, "redirected", { value: true });
    Object.defineProperty(response, "url", { value: `http://localhost${as.redirectedTo}` });
  }
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("postCardStep (the browser's side of a card step)", () => {
  it("posts the fields as a form with the session's CSRF token, asking for JSON, and gives back the step's answer", async () => {
    browserAt("/claims/c1/pay");
    const fetch = answering(Response.json({ paymentIntentSecret: "pi_secret", paymentIntentId: "pi_1" }));
    const answer = await postCardStep<{ paymentIntentSecret: string }>("/payments/intent", { orderId: "o1", paymentType: "CLAIM" }, "token-1", FALLBACK);
    expect(answer).toEqual({ paymentIntentSecret: "pi_secret", paymentIntentId: "pi_1" });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/payments/intent");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ accept: "application/json" });
    expect([...(init.body as URLSearchParams).entries()]).toEqual([
      ["csrf", "token-1"],
      ["orderId", "o1"],
      ["paymentType", "CLAIM"],
    ]);
  });

  it("401: the session has ended — to sign in, coming back to this page, with the spec's message meanwhile", async () => {
    const assign = browserAt("/payment-plan/p1/card-details", "?from=email");
    answering(Response.json({ error: EXPIRED }, { status: 401 }));
    expect(await postCardStep("/payment-plan/p1/card-details/save", {}, "token-1", FALLBACK)).toEqual({ error: EXPIRED });
    expect(assign).toHaveBeenCalledWith(`/auth/login?redirectTo=${encodeURIComponent("/payment-plan/p1/card-details?from=email")}`);
  });

  it("a post the server sent on to the sign-in page (the session ended before the step ran) goes to sign in the same way", async () => {
    const assign = browserAt("/payment-plan/p1/manual-payment");
    answering(new Response("<!doctype html><h1>Login</h1>", { headers: { "content-type": "text/html" } }), { redirectedTo: "/auth/login?redirectTo=%2Fpayment-plan%2Fp1%2Finstalment-payment" });
    expect(await postCardStep("/payment-plan/p1/instalment-payment", {}, "token-1", FALLBACK)).toEqual({ error: FALLBACK });
    expect(assign).toHaveBeenCalledWith(`/auth/login?redirectTo=${encodeURIComponent("/payment-plan/p1/manual-payment")}`);
  });

  it("a refusal is the server's message; an answer that is not the step's JSON is the page's fallback; neither leaves the page", async () => {
    const assign = browserAt("/claims/c1/pay");
    answering(Response.json({ error: "This card has already been used by another tenant." }, { status: 409 }));
    expect(await postCardStep("/payments/duplicate-check", {}, "t", FALLBACK)).toEqual({ error: "This card has already been used by another tenant." });
    answering(new Response("<!doctype html><h1>Something went wrong</h1>", { status: 500, headers: { "content-type": "text/html" } }));
    expect(await postCardStep("/payments/card-checks", {}, "t", FALLBACK)).toEqual({ error: FALLBACK });
    answering(Response.json({ message: "no error field" }, { status: 403 }));
    expect(await postCardStep("/payments/card-checks", {}, "t", "Something went wrong")).toEqual({ error: "Something went wrong" });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("cardStepAnswer (the server's side: one API call's answer as the step's JSON)", () => {
  const request = async () => {
    const session = await getSession(new Request("http://localhost/"));
    session.set("accessToken", "expired-token");
    return new Request("http://localhost/payments/intent", { method: "POST", headers: { Cookie: (await commitSession(session)).split(";")[0]! } });
  };

  it("401: 'Your session has expired', signed out here, the message waiting on the sign-in page", async () => {
    const response = await cardStepAnswer(await request(), { error: { message: "Unauthorised" }, response: new Response(null, { status: 401 }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: EXPIRED });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("keyfree_session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const flashCookie = cookies.find((c) => c.startsWith("keyfree_flash="))!;
    const { toast } = await flash.getToast(new Request("http://localhost/auth/login", { headers: { Cookie: flashCookie.split(";")[0]! } }));
    expect(toast).toMatchObject({ type: "error", message: EXPIRED });
  });

  it("a refusal keeps its status and message; a failure of ours (5xx) is a 502", async () => {
    const refused = await cardStepAnswer(await request(), { error: { message: "Payment method already saved" }, response: new Response(null, { status: 409 }) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "Payment method already saved" });
    const failed = await cardStepAnswer(await request(), { error: undefined, response: new Response(null, { status: 503 }) });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "Something went wrong." });
  });

  it("success: the data, or what the step picks from it, or { ok: true }", async () => {
    const data = { clientSecret: "seti_secret", customerId: "cus_1" };
    const all = await cardStepAnswer(await request(), { data, response: new Response(null, { status: 200 }) });
    expect(await all.json()).toEqual(data);
    const picked = await cardStepAnswer(await request(), { data, response: new Response(null, { status: 200 }) }, (d) => ({ clientSecret: d.clientSecret }));
    expect(await picked.json()).toEqual({ clientSecret: "seti_secret" });
    expect(await (await cardStepAnswer(await request(), { response: new Response(null, { status: 204 }) })).json()).toEqual({ ok: true });
    expect(await cardStep.ok().json()).toEqual({ ok: true });
  });
});
