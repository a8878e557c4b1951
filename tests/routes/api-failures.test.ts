import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { flash } = await import("../../app/lib/session.server");
const offer = await import("../../app/routes/offers/offer");
const rejected = await import("../../app/routes/offers/rejected");
const inventory = await import("../../app/routes/inventory/response");

/**
 * When the API fails, a page action answers with a message the tenant can act on and loses
 * nothing they entered: never an error page for a failure they can simply retry.
 */
function contextWhoseApiAnswers(status: number, message: string) {
  const context = new RouterContextProvider();
  const fail = async () => {
    throw new ApiFailure(status, message);
  };
  const raw = async () => ({ data: undefined, error: { message }, response: new Response(null, { status }) });
  context.set(apiContext, { GET: fail, POST: fail, PUT: fail, PATCH: fail, DELETE: fail, raw: { GET: raw, POST: raw }, request: fail } as never);
  return context;
}

function post(path: string, fields: Record<string, string>) {
  const url = new URL(`http://localhost${path}`);
  return { url, request: new Request(url, { method: "POST", body: new URLSearchParams(fields) }) };
}

async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
  return (await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }))).toast?.message;
}

describe("an API failure in a page action", () => {
  it("the offer's Confirm: back to the same confirmation with 'Something went wrong. Please try again.'", async () => {
    const { url, request } = post("/keyfree-offer/o1?token=t1&choice=keyfree", { token: "t1", choice: "keyfree" });
    const args = { request, url, params: { keyfreeOfferId: "o1" }, context: contextWhoseApiAnswers(502, "provider down") };
    const response = (await offer.action(args as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/keyfree-offer/o1?token=t1&choice=keyfree");
    expect(await flashOf(response)).toBe("Something went wrong. Please try again.");
  });

  it("the offer's Confirm refused by the API (4xx): the API's own message", async () => {
    const { url, request } = post("/keyfree-offer/o1?token=t1&choice=cash-deposit", { token: "t1", choice: "cash-deposit" });
    const args = { request, url, params: { keyfreeOfferId: "o1" }, context: contextWhoseApiAnswers(400, "This offer has expired.") };
    const response = (await offer.action(args as never)) as Response;
    expect(response.headers.get("location")).toBe("/keyfree-offer/o1?token=t1&choice=cash-deposit");
    expect(await flashOf(response)).toBe("This offer has expired.");
  });

  it("the rejection reason: the form again, with the reason and details kept and the message in its summary", async () => {
    const fields = { rejectionReason: "OTHER", customRejectionReason: "My landlord wants cash." };
    const { url, request } = post("/rejected/o1?token=t1", fields);
    const args = { request, url, params: { keyfreeOfferId: "o1" }, context: contextWhoseApiAnswers(500, "boom") };
    const reply = (await rejected.action(args as never)) as unknown as { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }; init: { status: number } };
    expect(reply.init.status).toBe(502);
    expect(reply.data.result.error[""]).toEqual(["Something went wrong. Please try again."]);
    expect(reply.data.result.initialValue).toMatchObject(fields);
  });

  it("the inventory answer's button: the same page again with what went wrong, nothing recorded", async () => {
    const { url, request } = post("/tenancy-inventory-response?token=t1&response=CONFIRMED", { token: "t1", response: "CONFIRMED" });
    const response = (await inventory.action({ request, url, params: {}, context: contextWhoseApiAnswers(503, "busy") } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/tenancy-inventory-response?token=t1&response=CONFIRMED");
    expect(await flashOf(response)).toBe("Something went wrong. Please try again.");
  });
});
