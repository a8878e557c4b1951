// @vitest-environment jsdom
/**
 * Complaints (issue 40, decision 0066): the form signed in and out (what each post asks of the
 * API and where it goes next), and a complaint's page before and after the ombudsman applies.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPLAINT_MESSAGES } from "#common/complaints";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
let signedIn = false;
vi.mock("../../app/lib/auth.server", async (original) => ({
  ...(await original<object>()),
  getAccessToken: async () => (signedIn ? "token" : null),
  requireAccessToken: async () => {
    if (!signedIn) throw new Response(null, { status: 302, headers: { location: "/auth/login" } });
    return "token";
  },
}));
const { apiContext } = await import("../../app/lib/api.server");
const formPage = await import("../../app/routes/complaints/complaints");
const complaintPage = await import("../../app/routes/complaints/complaint");

afterEach(() => {
  cleanup();
  signedIn = false;
});

type Call = { method: string; path: string; body?: unknown; params?: unknown };

function contextFor(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const context = new RouterContextProvider();
  const answer = (method: string) => async (path: string, options: { body?: unknown; params?: unknown } = {}) => {
    calls.push({ method, path, ...options });
    return answers[`${method} ${path}`];
  };
  context.set(apiContext, { GET: answer("GET"), POST: answer("POST") } as never);
  return { context, calls };
}

const post = (fields: Array<[string, string]>) => new Request("http://localhost/complaints", { method: "POST", body: new URLSearchParams(fields) });
const url = (path: string) => new URL(`http://localhost${path}`);
const FIELDS: Array<[string, string]> = [
  ["topic", "CHARGE"],
  ["whatHappened", "I was charged for cleaning."],
  ["putRight", "Take it off."],
];

function renderPage(path: string, pattern: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([{ path: pattern, Component: Component as never, loader: () => loaderData, action: () => null, HydrateFallback: () => null }]);
  return render(<Stub initialEntries={[path]} />);
}

const DASHBOARD = {
  tenancyOrders: [
    { id: "o1", productId: "KEYFREE", claim: { id: "c1" }, tenancy: { property: { address: { buildingNumber: "12", street: "Orchard Road", town: "Bristol", postcode: "BS1 1AA" } } } },
  ],
};

describe("/complaints: the form", () => {
  it("signed out: asks for a name and an e-mail, offers no claim; a post raises it and says the acknowledgement is e-mailed", async () => {
    const { context, calls } = contextFor({ "POST /complaints": { reference: "C-AB12CD34" } });
    const data = await formPage.loader({ request: new Request("http://localhost/complaints"), url: url("/complaints"), context } as never);
    renderPage("/complaints", "/complaints", formPage.default, data);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Make a complaint");
    expect(screen.getByLabelText("Your name")).toBeTruthy();
    expect(screen.queryByText(/Which claim/)).toBeNull();

    const response = (await formPage.action({ request: post([...FIELDS, ["name", "Sam Jones"], ["email", "sam@example.test"]]), context } as never)) as Response;
    expect(response.headers.get("location")).toBe("/complaints?sent=C-AB12CD34");
    expect(calls.at(-1)).toMatchObject({ method: "POST", path: "/complaints", body: { topic: "CHARGE", name: "Sam Jones", email: "sam@example.test" } });

    cleanup();
    const sent = await formPage.loader({ request: new Request("http://localhost/complaints?sent=C-AB12CD34"), url: url("/complaints?sent=C-AB12CD34"), context } as never);
    renderPage("/complaints?sent=C-AB12CD34", "/complaints", formPage.default, sent);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your complaint has been sent");
    expect(screen.getByText("C-AB12CD34")).toBeTruthy();
  });

  it("signed out: a post without what happened gets the message, and nothing is sent", async () => {
    const { context, calls } = contextFor({});
    const reply = (await formPage.action({ request: post([["topic", "CHARGE"], ["putRight", "x"], ["name", "Sam"], ["email", "sam@example.test"]]), context } as never)) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(reply.data.result.error.whatHappened).toEqual([COMPLAINT_MESSAGES.whatHappened]);
    expect(calls).toHaveLength(0);
  });

  it("signed in: picks one of the tenant's claims or Keyfrees; the post names it and opens the complaint's page", async () => {
    signedIn = true;
    const { context, calls } = contextFor({ "GET /me": { firstName: "Ada", lastName: "Lee", email: "ada@example.test" }, "GET /dashboard": DASHBOARD, "POST /complaints": { reference: "C-AB12CD34" } });
    const data = await formPage.loader({ request: new Request("http://localhost/complaints"), url: url("/complaints"), context } as never);
    expect(data.options.map((o) => o.value)).toEqual(["order:o1", "claim:c1"]);
    renderPage("/complaints", "/complaints", formPage.default, data);
    expect(await screen.findByRole("option", { name: "The end of tenancy charges for 12 Orchard Road, Bristol" })).toBeTruthy();
    expect(screen.queryByLabelText("Your name")).toBeNull();

    const response = (await formPage.action({ request: post([...FIELDS, ["about", "claim:c1"]]), context } as never)) as Response;
    expect(response.headers.get("location")).toBe("/complaints/C-AB12CD34");
    expect(calls.at(-1)).toMatchObject({ body: { topic: "CHARGE", claimId: "c1" } });
  });
});

const COMPLAINT = {
  reference: "C-AB12CD34",
  topic: "CHARGE",
  topicLabel: "A charge",
  about: "A charge: the claim for 12 Orchard Road",
  whatHappened: "I was charged for cleaning.",
  putRight: "Take it off.",
  status: "ACKNOWLEDGED",
  raisedAt: "2026-11-22T10:00:00.000Z",
  acknowledgedAt: "2026-11-22T10:00:00.000Z",
  acknowledgeBy: "2026-11-27",
  finalResponseBy: "2027-01-17",
  finalResponseAt: null,
  responses: [],
  ombudsman: null,
};

describe("/complaints/:reference", () => {
  it("acknowledged: the status and the dates in London time, read with the token from the e-mail; no ombudsman yet", async () => {
    const { context, calls } = contextFor({ "GET /complaints/{reference}": COMPLAINT });
    const data = await complaintPage.loader({ params: { reference: "C-AB12CD34" }, url: url("/complaints/C-AB12CD34?token=t1"), context } as never);
    expect(calls[0]!.params).toEqual({ path: { reference: "C-AB12CD34" }, query: { token: "t1" } });
    renderPage("/complaints/C-AB12CD34", "/complaints/:reference", complaintPage.default, data);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your complaint C-AB12CD34");
    expect(screen.getByText(/^Friday 27 November 2026 — we acknowledged it by email on/)).toBeTruthy();
    expect(screen.getByText("Sunday 17 January 2027")).toBeTruthy();
    expect(screen.getByText("We have not responded yet.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Taking your complaint to the ombudsman" })).toBeNull();
  });

  it("after a final response: each response, and the ombudsman's details with the 6 months", async () => {
    const { context } = contextFor({
      "GET /complaints/{reference}": {
        ...COMPLAINT,
        status: "FINAL_RESPONSE",
        finalResponseAt: "2026-12-01T10:00:00.000Z",
        responses: [
          { final: false, message: "We are looking into it.", sentAt: "2026-11-24T10:00:00.000Z" },
          { final: true, message: "We have taken it off.", sentAt: "2026-12-01T10:00:00.000Z" },
        ],
        ombudsman: { name: "the Financial Ombudsman Service", address: "Exchange Tower, London E14 9SR", website: "https://www.financial-ombudsman.org.uk", referWithinMonths: 6 },
      },
    });
    await expect(complaintPage.loader({ params: { reference: "C-AB12CD34" }, url: url("/complaints/C-AB12CD34"), context } as never)).rejects.toMatchObject({ status: 302 });
    signedIn = true;
    const data = await complaintPage.loader({ params: { reference: "C-AB12CD34" }, url: url("/complaints/C-AB12CD34"), context } as never);
    renderPage("/complaints/C-AB12CD34", "/complaints/:reference", complaintPage.default, data);
    expect(await screen.findByRole("heading", { name: "Taking your complaint to the ombudsman" })).toBeTruthy();
    expect(screen.getByText(/You have 6 months to do so/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "https://www.financial-ombudsman.org.uk" })).toBeTruthy();
    expect(screen.getByText("We are looking into it.")).toBeTruthy();
    expect(screen.getByText("We have taken it off.")).toBeTruthy();
  });
});
