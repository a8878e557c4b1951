import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: {
    isProduction: false,
    sessionSecrets: ["test-session-secret-0123456789-abcdef"],
    maintenanceMode: false,
  },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { checkoutContext } = await import("../../app/routes/checkout/+lib/checkout.server");
const { addressHistoryUrl, chooseSchema, manualSchema } = await import("../../app/routes/checkout/+lib/address-history");
const { searchSchema } = await import("../../app/lib/address-lookup");
const page = await import("../../app/routes/checkout/address-history");

/** Field → messages of a schema's refusal. */
function errorsOf(
  schema: {
    safeParse(input: unknown): {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  input: unknown,
) {
  const parsed = schema.safeParse(input);
  const flat: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (flat[issue.path.join(".")] ??= []).push(issue.message);
  return flat;
}

const manual = {
  buildingNumber: "22",
  street: "Portland Street",
  postcode: "M1 1AE",
  country: "GBR",
  currentlyAtAddress: "yes",
};

describe("address history forms (part 1 §5 postcode search and manual address)", () => {
  it("postcode search: 'Postcode is required'", () => {
    expect(errorsOf(searchSchema, {})).toEqual({
      postcode: ["Postcode is required"],
    });
    expect(errorsOf(searchSchema, { postcode: "   " })).toEqual({
      postcode: ["Postcode is required"],
    });
    expect(errorsOf(searchSchema, { postcode: "BS1 4DJ" })).toEqual({});
  });

  it("manual entry: 'Either a building number or name is required' (either one will do)", () => {
    expect(errorsOf(manualSchema, { ...manual, buildingNumber: undefined })).toEqual({
      buildingNumber: ["Either a building number or name is required"],
    });
    expect(
      errorsOf(manualSchema, {
        ...manual,
        buildingNumber: undefined,
        buildingName: "Cotton House",
      }),
    ).toEqual({});
  });

  it("manual entry: street and postcode 'Required'; a UK postcode for the United Kingdom only", () => {
    expect(
      errorsOf(manualSchema, {
        ...manual,
        street: undefined,
        postcode: undefined,
      }),
    ).toEqual({ street: ["Required"], postcode: ["Required"] });
    expect(errorsOf(manualSchema, { ...manual, postcode: "NOT A POSTCODE" })).toEqual({ postcode: ["Must be a UK postcode"] });
    expect(errorsOf(manualSchema, { ...manual, postcode: "75001", country: "FRA" })).toEqual({});
  });

  it("manual entry: country 'Required' (a three-letter code, as the API stores it)", () => {
    expect(errorsOf(manualSchema, { ...manual, country: undefined })).toEqual({
      country: ["Required"],
    });
    expect(errorsOf(manualSchema, { ...manual, country: "GB" })).toEqual({
      country: ["Required"],
    });
  });

  it("dates at the address: real dates, not in the future, moved out on or after moved in", () => {
    expect(errorsOf(manualSchema, { ...manual, startDate: "2021-02-30" })).toEqual({ startDate: ["Invalid date"] });
    expect(errorsOf(manualSchema, { ...manual, startDate: "2999-01-01" })).toEqual({ startDate: ["Date cannot be in the future"] });
    expect(
      errorsOf(manualSchema, {
        ...manual,
        currentlyAtAddress: "no",
        startDate: "2022-01-01",
        endDate: "2021-01-01",
      }),
    ).toEqual({
      endDate: ["End date must be on or after the start date"],
    });
    expect(
      errorsOf(chooseSchema, {
        postcode: "BS1 4DJ",
        currentlyAtAddress: "yes",
      }),
    ).toEqual({ externalId: ["Choose an address"] });
  });

  it("every state is in the URL, and ?change (back to Confirm) is kept", () => {
    const base = "/checkout/o1/c1/address-history";
    expect(addressHistoryUrl(base, false)).toBe(base);
    expect(addressHistoryUrl(base, false, { postcode: "BS1 4DJ" })).toBe(`${base}?postcode=BS1+4DJ`);
    expect(addressHistoryUrl(base, true, { manual: true })).toBe(`${base}?change&manual`);
    expect(addressHistoryUrl(base, true, { remove: "a1" })).toBe(`${base}?change&remove=a1`);
  });
});

type Address = { id: string; currentlyAtAddress: boolean };

function contextFor(addresses: Address[], options: { changing?: boolean; post?: () => Promise<unknown> } = {}) {
  const context = new RouterContextProvider();
  const calls: string[] = [];
  const post = vi.fn(async (path: string) => {
    calls.push(path);
    return options.post ? options.post() : undefined;
  });
  context.set(apiContext, { POST: post } as never);
  context.set(checkoutContext, {
    oc: {} as never,
    user: { id: "u1", attributes: { addresses } } as never,
    subRoute: "address-history",
    changing: options.changing ?? false,
  });
  return { context, calls };
}

function continueArgs(context: RouterContextProvider) {
  const url = new URL("http://localhost/checkout/o1/c1/address-history");
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams({ intent: "continue" }),
  });
  return {
    request,
    url,
    params: { orderId: "o1", customerId: "c1" },
    context,
  } as never;
}

describe("Continue on address history (part 1 §2.3: only once a current address exists)", () => {
  it("without a current address: refused with a message, and the step is not completed", async () => {
    const { context, calls } = contextFor([{ id: "a1", currentlyAtAddress: false }]);
    const reply = (await page.action(continueArgs(context))) as unknown as {
      data: { continueError: string };
      init: { status: number };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.continueError).toBe("Add your current address to continue.");
    expect(calls).toEqual([]);
  });

  it("with a current address: completes the step and goes to the next action's page", async () => {
    const answer = {
      order: { id: "o1" },
      customer: { id: "c1" },
      checkoutSubRoute: "referencing",
    };
    const { context, calls } = contextFor([{ id: "a1", currentlyAtAddress: true }], { post: async () => answer });
    const response = (await page.action(continueArgs(context))) as Response;
    expect(calls).toEqual(["/orders/{orderId}/customers/{customerId}/address-history"]);
    expect(response.headers.get("location")).toBe("/checkout/o1/c1/referencing");
  });

  it("the API's refusal (409) is shown the same way", async () => {
    const { context } = contextFor([{ id: "a1", currentlyAtAddress: true }], {
      post: async () => {
        throw new ApiFailure(409, "Add your current address to continue.");
      },
    });
    const reply = (await page.action(continueArgs(context))) as unknown as {
      data: { continueError: string };
      init: { status: number };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.continueError).toBe("Add your current address to continue.");
  });

  it("from Confirm (?change): 'Back to confirm' completes nothing", async () => {
    const { context, calls } = contextFor([{ id: "a1", currentlyAtAddress: true }], { changing: true });
    const response = (await page.action(continueArgs(context))) as Response;
    expect(response.headers.get("location")).toBe("/checkout/o1/c1/confirm");
    expect(calls).toEqual([]);
  });
});

describe("the address-history page's states (all in the URL)", () => {
  function loaderArgs(search: string, get: () => Promise<unknown>) {
    const context = new RouterContextProvider();
    context.set(apiContext, { GET: get } as never);
    context.set(checkoutContext, {
      oc: {} as never,
      user: {
        id: "u1",
        attributes: {
          addresses: [
            {
              id: "a1",
              currentlyAtAddress: true,
              buildingNumber: "14",
              street: "Orchard Road",
              town: "Bristol",
              postcode: "BS1 4DJ",
              startDate: "2022-03-01",
              endDate: null,
            },
          ],
        },
      } as never,
      subRoute: "address-history",
      changing: false,
    });
    const url = new URL(`http://localhost/checkout/o1/c1/address-history${search}`);
    return {
      request: new Request(url),
      url,
      params: { orderId: "o1", customerId: "c1" },
      context,
    } as never;
  }
  const never = async () => {
    throw new Error("no lookup expected");
  };

  it("the list, with 'Current address' and the dates; ?remove=<id> asks first", async () => {
    const list = await page.loader(loaderArgs("", never));
    expect(list.state).toBe("list");
    expect(list.hasCurrent).toBe(true);
    expect(list.addresses[0]).toMatchObject({
      line: "14 Orchard Road, Bristol",
      current: true,
      dates: "Moved in 1st Mar 2022",
    });
    expect((await page.loader(loaderArgs("?remove=a1", never))).state).toBe("remove");
    expect((await page.loader(loaderArgs("?remove=someone-elses", never))).state).toBe("list");
    expect((await page.loader(loaderArgs("?manual", never))).state).toBe("manual");
  });

  it("?postcode=: the results as choices; none (or a postcode the API refuses) is 'No results found'; a provider failure says so", async () => {
    const found = await page.loader(
      loaderArgs("?postcode=bs1+4dj", async () => ({
        addresses: [
          {
            externalId: "x1",
            buildingNumber: "12",
            street: "Orchard Road",
            town: "Bristol",
            postcode: "BS1 4DJ",
          },
        ],
      })),
    );
    expect(found).toMatchObject({
      state: "results",
      postcode: "BS1 4DJ",
      results: [{ value: "x1", label: "12 Orchard Road, Bristol, BS1 4DJ" }],
    });
    expect(await page.loader(loaderArgs("?postcode=B1+1AA", async () => ({ addresses: [] })))).toMatchObject({
      state: "results",
      results: [],
    });
    const refused = await page.loader(
      loaderArgs("?postcode=x", async () => {
        throw new ApiFailure(400, "Must be a UK postcode");
      }),
    );
    expect(refused).toMatchObject({ state: "results", results: [] });
    const failed = await page.loader(
      loaderArgs("?postcode=BS1+4DJ", async () => {
        throw new ApiFailure(502, "We could not search for addresses just now. Please try again, or enter your address manually.");
      }),
    );
    expect(failed).toMatchObject({
      state: "list",
      lookupError: "We could not search for addresses just now. Please try again, or enter your address manually.",
    });
  });
});
