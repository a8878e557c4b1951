import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { parseWithZod } = await import("@conform-to/zod/v4");
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { checkoutContext } = await import("../../app/routes/checkout/+lib/checkout.server");
const { flash } = await import("../../app/lib/session.server");
const { aboutYouBody, aboutYouFormSchema, dateOfBirthParts, londonToday } = await import("../../app/routes/checkout/+lib/about-you-form");
const aboutYou = await import("../../app/routes/checkout/about-you");
const introduction = await import("../../app/routes/checkout/introduction");

const TODAY = "2026-11-23";
const schema = aboutYouFormSchema(() => TODAY);
const VALID = { firstName: " Amara ", lastName: "Osei", day: "29", month: "2", year: "1992", gender: "FEMALE", mobileNumber: "07700900123" };

function errorsOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseWithZod(form, { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("About You's form schema: part 1 §5's rules with its words (common/about-you.ts)", () => {
  it.each([
    ["first name is required", { firstName: "  " }, "firstName", "First name is required"],
    ["last name is required", { lastName: "" }, "lastName", "Last name is required"],
    ["day is required", { day: "" }, "day", "Day is required"],
    ["day must be a number", { day: "x1" }, "day", "Day must be a number"],
    ["day must be a whole number", { day: "2.5" }, "day", "Day must be a whole number"],
    ["day 1 to 31", { day: "0" }, "day", "Invalid day"],
    ["the day must exist in the month", { day: "31", month: "4" }, "day", "Invalid day for this month"],
    ["29 February only in a leap year", { year: "1993" }, "day", "Invalid day for this month"],
    ["month 1 to 12", { month: "13" }, "month", "Invalid month"],
    ["a month is needed", { month: "" }, "month", "Invalid month"],
    ["year of 4 digits", { year: "92" }, "year", "Year must be 4 digits"],
    ["not in the future", { day: "24", month: "11", year: "2026" }, "dob", "Date cannot be in the future"],
    ["18 or older", { day: "24", month: "11", year: "2008" }, "dob", "You must be at least 18 years old"],
    ["no birth before 1900", { day: "1", month: "1", year: "1899" }, "dob", "Invalid date"],
    ["gender is required", { gender: "" }, "gender", "Gender is required"],
    ["gender one of the three", { gender: "OTHER" }, "gender", "Gender is required"],
    ["mobile number is required", { mobileNumber: " " }, "mobileNumber", "Mobile number is required"],
    ["mobile number: digits only", { mobileNumber: "07700 900123" }, "mobileNumber", "Incorrectly formatted phone number"],
    ["mobile number: 11 to 15 characters", { mobileNumber: "0770090012" }, "mobileNumber", "Incorrectly formatted phone number"],
    ["mobile number: a plus only at the start", { mobileNumber: "0770+0900123" }, "mobileNumber", "Incorrectly formatted phone number"],
  ])("%s", (_rule, change, field, message) => {
    expect(errorsOf({ ...VALID, ...change })).toEqual({ [field]: [message] });
  });

  it("accepts a tenant who turns 18 today, and 'Rather not say' (UNKNOWN) with a +44 number", () => {
    expect(errorsOf({ ...VALID, day: "23", month: "11", year: "2008", gender: "UNKNOWN", mobileNumber: "+447700900123" })).toEqual({});
  });

  it("sends the date of birth as YYYY-MM-DD, names and number trimmed", () => {
    const submission = parseWithZod(new URLSearchParams({ ...VALID, day: "1", month: "03", year: "1990", mobileNumber: " 07700900123 " }), { schema });
    expect(submission.status).toBe("success");
    expect(aboutYouBody(submission.status === "success" ? submission.value : ({} as never))).toEqual({
      firstName: "Amara",
      lastName: "Osei",
      dob: "1990-03-01",
      gender: "FEMALE",
      mobileNumber: "07700900123",
    });
  });

  it("prefills the three fields from a stored date, and counts today in London", () => {
    expect(dateOfBirthParts("1990-03-01")).toEqual({ day: "1", month: "3", year: "1990" });
    expect(dateOfBirthParts(null)).toBeNull();
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(londonToday(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });
});

type Call = { method: string; path: string; options: { params?: { path?: Record<string, string> }; body?: unknown } };

/** The checkout of a tenant at About You, with an API that records calls and answers (or fails) as told. */
function checkout({ changing = false, fail }: { changing?: boolean; fail?: InstanceType<typeof ApiFailure> } = {}) {
  const calls: Call[] = [];
  const answer = (method: string) => async (path: string, options: Call["options"]) => {
    calls.push({ method, path, options });
    if (fail) throw fail;
    return { order: { id: "o1" }, customer: { id: "c1" }, checkoutSubRoute: "address-history" };
  };
  const context = new RouterContextProvider();
  context.set(apiContext, { GET: answer("GET"), POST: answer("POST"), PATCH: answer("PATCH"), PUT: answer("PUT"), DELETE: answer("DELETE") } as never);
  context.set(checkoutContext, {
    oc: { order: { id: "o1" }, customer: { id: "c1" }, checkoutSubRoute: changing ? "confirm" : "about-you" } as never,
    user: { id: "u1" } as never,
    subRoute: "about-you",
    changing,
  });
  return { context, calls };
}

function post(fields: Record<string, string>, search = "") {
  return new Request(`http://localhost/checkout/o1/c1/about-you${search}`, { method: "POST", body: new URLSearchParams(fields) });
}

const valid = VALID;

describe("About You's action", () => {
  it("completes the step with the API's about-you call, then goes to the next action (address history)", async () => {
    const { context, calls } = checkout();
    const response = (await aboutYou.action({ request: post(valid), context, params: { orderId: "o1", customerId: "c1" } } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/checkout/o1/c1/address-history");
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/orders/{orderId}/customers/{customerId}/about-you",
        options: {
          params: { path: { orderId: "o1", customerId: "c1" } },
          body: { firstName: "Amara", lastName: "Osei", dob: "1992-02-29", gender: "FEMALE", mobileNumber: "07700900123" },
        },
      },
    ]);
  });

  it("from Confirm (?change): updates the user without completing a step, and goes back to Confirm", async () => {
    const { context, calls } = checkout({ changing: true });
    const fields = { ...valid, day: "1", month: "3", year: "1990" };
    const response = (await aboutYou.action({ request: post(fields, "?change"), context, params: {} } as never)) as Response;
    expect(response.headers.get("location")).toBe("/checkout/o1/c1/confirm");
    expect(calls.map((c) => [c.method, c.path, c.options.params?.path])).toEqual([["PATCH", "/users/{userId}", { userId: "u1" }]]);
    expect(calls[0]!.options.body).toEqual({ firstName: "Amara", lastName: "Osei", dob: "1990-03-01", gender: "FEMALE", mobileNumber: "07700900123" });
  });

  it("the page's loader offers Back to Confirm and posts with ?change while changing", async () => {
    const { context } = checkout({ changing: true });
    context.set(checkoutContext, {
      ...context.get(checkoutContext),
      user: { id: "u1", email: "a@example.test", firstName: "A", lastName: "B", attributes: { dob: "1990-03-01", gender: "MALE", mobileNumber: null } } as never,
    });
    const view = aboutYou.loader({ context } as never);
    expect(view).toMatchObject({
      email: "a@example.test",
      defaults: { firstName: "A", lastName: "B", day: "1", month: "3", year: "1990", gender: "MALE" },
      confirmPath: "/checkout/o1/c1/confirm",
      formAction: "/checkout/o1/c1/about-you?change",
    });
  });

  it("an API refusal (400) is shown on the form with what was typed kept; nothing is called for an invalid form", async () => {
    const refused = checkout({ fail: new ApiFailure(400, "Mobile number is already used") });
    const reply = (await aboutYou.action({ request: post(valid), context: refused.context, params: {} } as never)) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error[""]).toEqual(["Mobile number is already used"]);
    expect(reply.data.result.initialValue).toMatchObject({ firstName: " Amara ", mobileNumber: "07700900123" });

    const invalid = checkout();
    const bad = (await aboutYou.action({ request: post({ ...valid, gender: "" }), context: invalid.context, params: {} } as never)) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error).toEqual({ gender: ["Gender is required"] });
    expect(invalid.calls).toEqual([]);
  });
});

describe("the onboarding introduction's 'I understand'", () => {
  it("a failure comes back to the page with 'Something went wrong! Please try again' (part 1 §8)", async () => {
    const { context } = checkout({ fail: new ApiFailure(500, "boom") });
    const request = new Request("http://localhost/checkout/o1/c1/introduction", {
      method: "POST",
      body: new URLSearchParams({ from: "/checkout/o1/c1/about-you" }),
    });
    const response = (await introduction.action({ request, context, params: { orderId: "o1", customerId: "c1" } } as never)) as Response;
    expect(response.headers.get("location")).toBe("/checkout/o1/c1/about-you");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("keyfree_flash="))!;
    const toast = await flash.getToast(new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }));
    expect(toast.toast?.message).toBe("Something went wrong! Please try again");
  });
});
