import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { flash } = await import("../../app/lib/session.server");
const budget = await import("../../app/routes/help/budget");
const { budgetPageView, debtKey } = await import("../../app/routes/help/+lib/budget");

/**
 * The budget page (issue 36, scope 2): the form's messages for bad amounts (the API's rule and
 * words, common/budget.ts), the budget sent to the API in pence with each line's frequency, the
 * answer worded, a request sent and its refusals, and the page's states from the API's debts.
 */
type Debt = import("../../app/routes/help/+lib/budget").Debt;

const DEBT: Debt = {
  debtType: "CLAIM_BALANCE",
  claimId: "c1",
  arbitrationId: null,
  paymentPlanInstalmentId: null,
  paymentPlanId: null,
  instalmentNumber: null,
  amountPence: 30_000,
  property: "12 Orchard Road, Bristol BS1 1AA",
  request: null,
};

const WORKED_OUT = {
  debt: DEBT,
  monthlyIncomePence: 180_000,
  monthlyOutgoingsPence: 170_000,
  leftPence: 10_000,
  fits: true,
  why: null,
  plans: [
    { instalments: 3, firstPence: 10_000, otherPence: 10_000 },
    { instalments: 7, firstPence: 4_290, otherPence: 4_285 },
  ],
  maxInstalments: 12,
};

type Call = { method: string; path: string; body?: unknown };

function contextFor(answers: { post?: (path: string, body: unknown) => unknown } = {}) {
  const calls: Call[] = [];
  const api = {
    GET: async (path: string) => {
      calls.push({ method: "GET", path });
      return { debts: [DEBT], maxInstalments: 12, offerHours: 48 };
    },
    POST: async (path: string, options: { body?: unknown }) => {
      calls.push({ method: "POST", path, body: options.body });
      return answers.post ? answers.post(path, options.body) : WORKED_OUT;
    },
  };
  const context = new RouterContextProvider();
  context.set(apiContext, api as never);
  return { context, calls };
}

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/help/struggling-to-pay/budget", { method: "POST", body: new URLSearchParams(fields) });

const run = (fields: Record<string, string>, context: RouterContextProvider) =>
  budget.action({ request: post(fields), context, params: {} } as never) as Promise<unknown>;

type Reply = { data: { result?: { error?: Record<string, string[]> }; answer?: Record<string, unknown> }; init: { status?: number } | null };

async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
  const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
  return toast as { message: string; type: string } | undefined;
}

describe("the form's messages: a bad amount is said on its field, with the API's words", () => {
  it.each([
    ["rent", "lots", "Enter rent as an amount in pounds, like 150 or 150.50"],
    ["rent", "150.505", "Enter rent as an amount in pounds, like 150 or 150.50"],
    ["councilTax", "-20", "Council tax must be £0 or more"],
    ["earnings", "100000.01", "Wages or salary must be £100,000 a month or less"],
  ])("%s = %j → %s (a 400, nothing sent to the API)", async (field, value, message) => {
    const { context, calls } = contextFor();
    const reply = (await run({ intent: "work-out", debt: "CLAIM_BALANCE:c1", [field]: value, [`${field}Frequency`]: "MONTHLY" }, context)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error?.[field]).toEqual([message]);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("the limit is £100,000 a month whatever the frequency: £25,000 a week is too much", async () => {
    const { context } = contextFor();
    const reply = (await run({ intent: "work-out", debt: "CLAIM_BALANCE:c1", earnings: "25000", earningsFrequency: "WEEKLY" }, context)) as Reply;
    expect(reply.data.result?.error?.earnings).toEqual(["Wages or salary must be £100,000 a month or less"]);
  });

  it("no debt chosen, or one that is not a debt's key: 'Choose what you want a plan for'", async () => {
    for (const debt of ["", "CLAIM_BALANCE:", "SOMETHING:c1", "CLAIM_BALANCE:a b"]) {
      const reply = (await run({ intent: "work-out", debt, rent: "100" }, contextFor().context)) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result?.error?.debt).toEqual(["Choose what you want a plan for"]);
    }
  });
});

describe("Work out my plan", () => {
  it("sends the API each line in pence with how often it comes, blank lines left out, and words its answer", async () => {
    const { context, calls } = contextFor();
    const reply = (await run(
      { intent: "work-out", debt: "CLAIM_BALANCE:c1", earnings: "£1,800", earningsFrequency: "MONTHLY", food: "100.5", foodFrequency: "WEEKLY", rent: "", rentFrequency: "MONTHLY" },
      context,
    )) as Reply;
    expect(calls.at(-1)).toEqual({
      method: "POST",
      path: "/debts/budget",
      body: {
        debtType: "CLAIM_BALANCE",
        claimId: "c1",
        lines: [
          { line: "earnings", amountPence: 180_000, frequency: "MONTHLY" },
          { line: "food", amountPence: 10_050, frequency: "WEEKLY" },
        ],
      },
    });
    expect(reply.data.answer).toEqual({
      income: "£1,800.00",
      outgoings: "£1,700.00",
      left: "£100.00",
      debt: "Your share of the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA: £300.00",
      maxInstalments: 12,
      plans: [
        { value: "3", label: "3 monthly instalments of £100.00" },
        { value: "7", label: "7 monthly instalments: £42.90, then 6 of £42.85" },
      ],
      nothingFits: null,
    });
    // What was typed, kept for the form and for "Ask for this plan".
    expect((reply.data as { values: Record<string, string> }).values).toMatchObject({ earnings: "£1,800", food: "100.5", foodFrequency: "WEEKLY" });
  });

  it.each([
    ["NOTHING_LEFT", -5_000, "nothing is left each month once your outgoings are paid", "Nothing: £50.00 more goes out than comes in"],
    ["NOT_ENOUGH_LEFT", 2_000, "Even spread over 12 monthly instalments, £25.00 a month is more than the £20.00 you have left each month.", "£20.00"],
  ])("when nothing fits (%s) it says so plainly", async (why, leftPence, words, left) => {
    const { context } = contextFor({ post: () => ({ ...WORKED_OUT, leftPence, fits: false, why, plans: [] }) });
    const reply = (await run({ intent: "work-out", debt: "CLAIM_BALANCE:c1", rent: "100" }, context)) as Reply;
    expect(reply.data.answer).toMatchObject({ plans: [], left });
    expect(reply.data.answer!.nothingFits).toContain(words);
  });

  it("a debt paid meanwhile: the API's message on the debt's field, the budget kept", async () => {
    const { context } = contextFor({
      post: () => {
        throw new ApiFailure(409, "There is nothing left to pay on this that a plan could spread.");
      },
    });
    const reply = (await run({ intent: "work-out", debt: "CLAIM_BALANCE:c1", rent: "100" }, context)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error?.debt).toEqual(["There is nothing left to pay on this that a plan could spread."]);
  });
});

describe("Ask for this plan", () => {
  it("sends the request with the plan chosen, then shows it sent", async () => {
    const { context, calls } = contextFor({ post: () => ({ id: "r1" }) });
    const response = (await run({ intent: "request", debt: "ADJUDICATION_AWARD:a1", earnings: "1800", earningsFrequency: "MONTHLY", instalments: "6" }, context)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/help/struggling-to-pay/budget?sent=r1");
    expect(calls.at(-1)).toEqual({
      method: "POST",
      path: "/payment-plan-requests",
      body: { debtType: "ADJUDICATION_AWARD", arbitrationId: "a1", lines: [{ line: "earnings", amountPence: 180_000, frequency: "MONTHLY" }], instalments: 6 },
    });
  });

  it("a second request for the same debt: back to the page with the API's plain message", async () => {
    const { context } = contextFor({
      post: () => {
        throw new ApiFailure(409, "You have already asked for a plan for this.");
      },
    });
    const response = (await run({ intent: "request", debt: "CLAIM_BALANCE:c1", rent: "100", instalments: "6" }, context)) as Response;
    expect(response.headers.get("location")).toBe("/help/struggling-to-pay/budget");
    expect(await flashOf(response)).toMatchObject({ type: "error", message: "You have already asked for a plan for this." });
  });

  it("no plan chosen (a hand-made post): back to the page, nothing sent", async () => {
    const { context, calls } = contextFor();
    const response = (await run({ intent: "request", debt: "CLAIM_BALANCE:c1", rent: "100" }, context)) as Response;
    expect(response.headers.get("location")).toBe("/help/struggling-to-pay/budget");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});

describe("the page's states, from the tenant's debts", () => {
  const url = (query = "") => new URL(`http://localhost/help/struggling-to-pay/budget${query}`);
  const pending = { ...DEBT, request: { id: "r1", status: "PENDING" as const, amountPence: 30_000, plan: { instalments: 6, firstPence: 5_000, otherPence: 5_000 }, createdAt: "2026-11-22T10:00:00Z", answeredAt: null } };
  const award: Debt = { ...DEBT, debtType: "ADJUDICATION_AWARD", claimId: null, arbitrationId: "a1", amountPence: 14_000 };
  const missed: Debt = { ...DEBT, debtType: "MISSED_INSTALMENT", claimId: null, paymentPlanInstalmentId: "i1", paymentPlanId: "p1", instalmentNumber: 2, amountPence: 10_000 };

  it("the debts to choose from, each with what it is and how much; the one the link names chosen", () => {
    const view = budgetPageView({ debts: [DEBT, award, missed], maxInstalments: 12, offerHours: 48 }, url(`?debt=${debtKey(award)}`));
    expect(view.options).toEqual([
      { value: "CLAIM_BALANCE:c1", label: "Your share of the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA: £300.00" },
      { value: "ADJUDICATION_AWARD:a1", label: "What the adjudicator decided for 12 Orchard Road, Bristol BS1 1AA: £140.00" },
      { value: "MISSED_INSTALMENT:i1", label: "The missed instalment 2 of your payment plan for 12 Orchard Road, Bristol BS1 1AA: £100.00" },
    ]);
    expect(view.chosen).toBe("ADJUDICATION_AWARD:a1");
    expect(view.sent).toBeNull();
  });

  it("a debt with a request waiting is listed as waiting, not offered again; ?sent= shows it sent", () => {
    const view = budgetPageView({ debts: [pending, award], maxInstalments: 12, offerHours: 48 }, url("?sent=r1"));
    expect(view.options.map((o) => o.value)).toEqual(["ADJUDICATION_AWARD:a1"]);
    expect(view.chosen).toBe("ADJUDICATION_AWARD:a1");
    expect(view.waiting).toEqual([
      {
        key: "CLAIM_BALANCE:c1",
        words: "You asked on 22nd Nov 2026 to pay your share of the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA, £300.00, in 6 monthly instalments of £50.00.",
      },
    ]);
    expect(view.sent).toEqual({ words: "6 monthly instalments of £50.00 for your share of the end of tenancy charges for 12 Orchard Road, Bristol BS1 1AA", amount: "£300.00" });
    // Another's or an answered request's id shows the page as it is.
    expect(budgetPageView({ debts: [pending], maxInstalments: 12, offerHours: 48 }, url("?sent=r2")).sent).toBeNull();
  });

  it("the loader reads the debts once, through the API", async () => {
    const { context, calls } = contextFor();
    const view = await budget.loader({ url: url(), context, params: {}, request: new Request(url()) } as never);
    expect(calls).toEqual([{ method: "GET", path: "/debts" }]);
    expect(view.chosen).toBe("CLAIM_BALANCE:c1");
  });
});
