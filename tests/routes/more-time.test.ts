import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MORE_TIME_FIELD_MESSAGES } from "#common/more-time";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: {
    isProduction: false,
    sessionSecrets: ["test-session-secret-0123456789-abcdef"],
    maintenanceMode: false,
    stripePublishableKey: "pk_test",
    stripeStandIn: true,
  },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { claimContext } = await import("../../app/routes/claims/+lib/claims.server");
const { flash } = await import("../../app/lib/session.server");
const { moreTimePage, moreTimeSchema } = await import("../../app/routes/claims/+lib/more-time");
const { deadlineView } = await import("../../app/routes/claims/+lib/claim-deadline-view");
const moreTime = await import("../../app/routes/claims/more-time");

type Claim = import("../../app/routes/claims/+lib/claims.server").Claim;
type MoreTime = import("../../app/lib/api/schema").components["schemas"]["MoreTime"];
type Request_ = NonNullable<MoreTime["request"]>;

const base: MoreTime = {
  canAsk: true,
  cannotAsk: null,
  minDays: 1,
  maxDays: 14,
  answerWorkingDays: 2,
  responseDeadline: "2026-11-30T23:59:59.999Z",
  final: false,
  request: null,
};
const request = (over: Partial<Request_>): Request_ => ({
  id: "m1",
  status: "PENDING",
  askedByYou: true,
  askedBy: "Ana Lee",
  daysRequested: 7,
  daysGranted: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  answerBy: "2026-11-25T23:59:59.999Z",
  answeredAt: null,
  grantedAutomatically: false,
  deadlineAfter: null,
  refusalReason: null,
  ...over,
});
const asked = (over: Partial<Request_>): MoreTime => ({ ...base, canAsk: false, cannotAsk: "A request for more time is already waiting for our answer.", request: request(over) });

describe("the form (issue 36): days from 1 to 14 as typed, and a reason", () => {
  it.each([
    [{ days: "7", reason: "In hospital" }, { days: 7, reason: "In hospital" }],
    [{ days: " 14 ", reason: "  Away  " }, { days: 14, reason: "Away" }],
  ])("%o is sent as %o", (form, value) => {
    expect(moreTimeSchema.parse(form)).toEqual(value);
  });

  it.each([
    [{ days: "0", reason: "x" }, "days", MORE_TIME_FIELD_MESSAGES.days],
    [{ days: "15", reason: "x" }, "days", MORE_TIME_FIELD_MESSAGES.days],
    [{ days: "seven", reason: "x" }, "days", MORE_TIME_FIELD_MESSAGES.days],
    [{ days: "2.5", reason: "x" }, "days", MORE_TIME_FIELD_MESSAGES.days],
    [{ reason: "x" }, "days", MORE_TIME_FIELD_MESSAGES.days],
    [{ days: "7", reason: "   " }, "reason", MORE_TIME_FIELD_MESSAGES.reason],
    [{ days: "7" }, "reason", MORE_TIME_FIELD_MESSAGES.reason],
    [{ days: "7", reason: "x".repeat(5_001) }, "reason", "This must be 5,000 characters or fewer"],
  ])("%o: a message on %s", (form, field, message) => {
    const result = moreTimeSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe("what the page shows", () => {
  it.each([
    [base, { state: "ask", deadline: "30th Nov 2026", what: "the charges", maxDays: 14 }],
    [{ ...base, final: true }, { state: "ask", what: "the final proposal" }],
    [asked({}), { state: "waiting", title: "We are looking at your request", asked: "You asked for 7 more days to answer the charges on 23rd Nov 2026.", answerBy: "25th Nov 2026" }],
    [
      asked({ askedByYou: false }),
      {
        state: "waiting",
        title: "A request for more time is waiting",
        asked: "Ana Lee asked for 7 more days to answer the charges on 23rd Nov 2026.",
        meanwhile: "While we look at the request, the charges will not be treated as accepted. If we have not answered by then, you will get the 7 more days asked for.",
      },
    ],
    [
      asked({ status: "GRANTED", daysGranted: 5, deadlineAfter: "2026-12-05T23:59:59.999Z" }),
      { state: "granted", granted: "Your request for more time was granted: 5 more days.", deadline: "5th Dec 2026" },
    ],
    [
      asked({ status: "GRANTED", daysGranted: 7, grantedAutomatically: true, deadlineAfter: "2026-12-07T23:59:59.999Z" }),
      { state: "granted", granted: "We did not answer the request for more time within 2 working days, so the 7 more days asked for were given." },
    ],
    [
      asked({ status: "REFUSED", refusalReason: "We need more information.", deadlineAfter: "2026-11-30T23:59:59.999Z" }),
      { state: "refused", reason: "We need more information.", deadline: "30th Nov 2026", refused: "We are sorry, but we could not give you more time." },
    ],
    [asked({ status: "REFUSED", askedByYou: false }), { state: "refused", reason: null, refused: "Ana Lee asked for more time, and we could not give it." }],
    [asked({ status: "LAPSED" }), { state: "none", message: "A request for more time is already waiting for our answer." }],
    [{ ...base, canAsk: false, cannotAsk: "The deadline to answer has passed, so more time can no longer be asked for." }, { state: "none" }],
  ] as const)("%#: %o", (m, shown) => {
    expect(moreTimePage(m as MoreTime)).toMatchObject(shown);
  });

  it("the claim page's deadline, while a request waits: nothing says the charges will be treated as accepted, and no red", () => {
    const waiting = { waiting: { answerBy: "2026-11-25T23:59:59.999Z", askedByYou: true, askedBy: "Ana Lee" } };
    const claim = (daysRemaining: number) =>
      ({ responseDeadline: "2026-11-23T23:59:59.999Z", daysRemaining, urgency: "high", autoResponded: false, awaitingPayment: false, moreTime: waiting }) as never;
    expect(deadlineView(claim(-1))).toMatchObject({ urgency: "medium", urgencyLabel: "Waiting for our answer", line: "We are looking at the request for more time", ifNothing: null });
    expect(deadlineView(claim(0))).toMatchObject({ line: "Your deadline to respond is midnight tonight", ifNothing: null });
  });
});

function contextFor(m: MoreTime, fail?: InstanceType<typeof ApiFailure>) {
  const posted: unknown[] = [];
  const context = new RouterContextProvider();
  context.set(apiContext, {
    GET: async () => m,
    POST: async (_path: string, options: { body: unknown }) => {
      if (fail) throw fail;
      posted.push(options.body);
      return m;
    },
  } as never);
  context.set(claimContext, { id: "c1", mediationEnabled: true } as Claim);
  return { context, posted };
}

const post = (form: Record<string, string>) => new Request("http://localhost/claims/c1/more-time", { method: "POST", body: new URLSearchParams(form) });

describe("the page's loader and action", () => {
  it("sends what was typed and shows the waiting state; a refusal from the API is the form again with its message and what was typed", async () => {
    const ok = contextFor(base);
    const response = (await moreTime.action({ context: ok.context, request: post({ days: "7", reason: "In hospital" }) } as never)) as Response;
    expect(response.headers.get("location")).toBe("/claims/c1/more-time");
    expect(ok.posted).toEqual([{ days: 7, reason: "In hospital" }]);

    const refused = contextFor(base, new ApiFailure(409, "A request for more time is already waiting for our answer."));
    const again = (await moreTime.action({ context: refused.context, request: post({ days: "7", reason: "In hospital" }) } as never)) as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(again.init.status).toBe(400);
    expect(again.data.result.error[""]).toEqual(["A request for more time is already waiting for our answer."]);
    expect(again.data.result.initialValue).toMatchObject({ days: "7", reason: "In hospital" });

    const bad = (await moreTime.action({ context: ok.context, request: post({ days: "20", reason: "" }) } as never)) as { init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(ok.posted).toHaveLength(1);
  });

  it("with nothing to ask or show, back to the claim page with why", async () => {
    const { context } = contextFor({ ...base, canAsk: false, cannotAsk: "More time can only be asked for while the charges are waiting for your answer." });
    let thrown: unknown;
    try {
      await moreTime.loader({ context } as never);
    } catch (error) {
      thrown = error;
    }
    const response = thrown as Response;
    expect(response.headers.get("location")).toBe("/claims/c1?mediationEnabled=true");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
    const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
    expect(toast).toMatchObject({ type: "info", message: "More time can only be asked for while the charges are waiting for your answer." });
  });
});
