import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));
const { ApiFailure, failureMessage } = await import("../../app/lib/api.server");
const { lookUpPostcode, saveChosenAddress } = await import("../../app/lib/address-lookup.server");
const { planFailureMessage } = await import("../../app/routes/payment-plan/+lib/payment-plan-steps.server");
const { PLAN_FAILURE_MESSAGE } = await import("../../app/lib/messages");

/**
 * The postcode look-up and choice both address steps use (the checkout's address history, part 1
 * §5; the payment plan's address, part 2 §5): one way of searching (a GET form, `?postcode=`),
 * one way of choosing, each step's own words for a failure of ours.
 */
const found = {
  externalId: "x1",
  buildingName: null,
  roomNumber: null,
  flatNumber: null,
  buildingNumber: "12",
  subStreet: null,
  street: "Orchard Road",
  town: "Bristol",
  county: null,
  postcode: "BS1 4DJ",
  country: "GBR",
};

function apiAnswering(get: () => Promise<unknown>) {
  const calls: unknown[] = [];
  const api = {
    GET: vi.fn(async (path: string, init: unknown) => {
      calls.push([path, init]);
      return get();
    }),
  };
  return { api: api as never, calls };
}
const failing = (status: number, message: string) => async () => {
  throw new ApiFailure(status, message);
};
const url = (search: string) => new URL(`http://localhost/payment-plan/p1/address${search}`);
const planWords = () => `${PLAN_FAILURE_MESSAGE}. Please try again.`;

describe("lookUpPostcode: the search is the URL's ?postcode=", () => {
  it("no search: nothing, and no call to the look-up", async () => {
    const { api, calls } = apiAnswering(async () => ({ addresses: [found] }));
    expect(await lookUpPostcode(api, url(""), failureMessage)).toEqual({ postcode: null, postcodeError: null, results: null, lookupError: null });
    expect(calls).toEqual([]);
  });

  it("an empty search is 'Postcode is required', a long one 'Must be a UK postcode'; neither is looked up", async () => {
    const { api, calls } = apiAnswering(async () => ({ addresses: [found] }));
    expect(await lookUpPostcode(api, url("?postcode=+"), failureMessage)).toMatchObject({ postcodeError: "Postcode is required", results: null });
    expect(await lookUpPostcode(api, url(`?postcode=${"A".repeat(21)}`), failureMessage)).toMatchObject({ postcodeError: "Must be a UK postcode", results: null });
    expect(calls).toEqual([]);
  });

  it("the addresses found as choices, the postcode written as Royal Mail writes it", async () => {
    const { api, calls } = apiAnswering(async () => ({ addresses: [found] }));
    expect(await lookUpPostcode(api, url("?postcode=bs1+4dj"), failureMessage)).toEqual({
      postcode: "BS1 4DJ",
      postcodeError: null,
      results: [{ value: "x1", label: "12 Orchard Road, Bristol, BS1 4DJ" }],
      lookupError: null,
    });
    expect(calls).toEqual([["/addresses/lookup", { params: { query: { postcode: "bs1 4dj" } } }]]);
  });

  it("a postcode the API refuses finds nothing; the provider's failure is its own message; ours is each step's words", async () => {
    expect(await lookUpPostcode(apiAnswering(failing(400, "Must be a UK postcode")).api, url("?postcode=x"), failureMessage)).toMatchObject({ results: [], lookupError: null });
    const provider = "We could not search for addresses just now. Please try again, or enter your address manually.";
    for (const words of [failureMessage, planWords]) {
      expect(await lookUpPostcode(apiAnswering(failing(502, provider)).api, url("?postcode=BS1+4DJ"), words)).toMatchObject({ results: null, lookupError: provider });
    }
    const ours = apiAnswering(failing(500, "boom")).api;
    expect((await lookUpPostcode(ours, url("?postcode=BS1+4DJ"), failureMessage)).lookupError).toBe("Something went wrong. Please try again.");
    expect((await lookUpPostcode(ours, url("?postcode=BS1+4DJ"), planWords)).lookupError).toBe("Something went wrong. Please try again.");
    const refused = apiAnswering(failing(429, "Too many searches. Try again in a minute.")).api;
    expect((await lookUpPostcode(refused, url("?postcode=BS1+4DJ"), failureMessage)).lookupError).toBe("Too many searches. Try again in a minute.");
    expect((await lookUpPostcode(refused, url("?postcode=BS1+4DJ"), planWords)).lookupError).toBe("Something went wrong. Please try again.");
  });
});

describe("saveChosenAddress: the chosen address is the look-up's, never the browser's", () => {
  function choice(externalId: string) {
    const replies: unknown[] = [];
    return {
      replies,
      form: {
        value: { postcode: "BS1 4DJ", externalId },
        reply: (extra: unknown = {}) => {
          replies.push(extra);
          return { data: { result: extra }, init: { status: 400 } } as never;
        },
      },
    };
  }

  it("saves the address the look-up gives for the chosen id, and answers nothing more (the page redirects)", async () => {
    const { api, calls } = apiAnswering(async () => ({ addresses: [found] }));
    const save = vi.fn(async () => undefined);
    const { form, replies } = choice("x1");
    expect(await saveChosenAddress(api, form, save, failureMessage)).toBeNull();
    expect(calls).toEqual([["/addresses/lookup", { params: { query: { postcode: "BS1 4DJ" } } }]]);
    expect(save).toHaveBeenCalledWith(found);
    expect(replies).toEqual([]);
  });

  it("an id the look-up does not give is 'Choose an address', and nothing is saved", async () => {
    const save = vi.fn(async () => undefined);
    const { form, replies } = choice("someone-elses");
    expect(await saveChosenAddress(apiAnswering(async () => ({ addresses: [found] })).api, form, save, failureMessage)).not.toBeNull();
    expect(replies).toEqual([{ fieldErrors: { externalId: ["Choose an address"] } }]);
    expect(save).not.toHaveBeenCalled();
  });

  it("a failure is the form's error: the provider's message, or each step's words for the save's refusal", async () => {
    const provider = choice("x1");
    await saveChosenAddress(apiAnswering(failing(502, "The address service is unavailable.")).api, provider.form, vi.fn(), failureMessage);
    expect(provider.replies).toEqual([{ formErrors: ["The address service is unavailable."] }]);

    const refusing = async () => {
      throw new ApiFailure(409, "This plan's address is already confirmed.");
    };
    const checkout = choice("x1");
    await saveChosenAddress(apiAnswering(async () => ({ addresses: [found] })).api, checkout.form, refusing, failureMessage);
    expect(checkout.replies).toEqual([{ formErrors: ["This plan's address is already confirmed."] }]);
    const plan = choice("x1");
    await saveChosenAddress(apiAnswering(async () => ({ addresses: [found] })).api, plan.form, refusing, planFailureMessage);
    expect(plan.replies).toEqual([{ formErrors: ["Something went wrong. This plan's address is already confirmed."] }]);
  });
});
