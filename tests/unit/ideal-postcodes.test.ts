import { describe, expect, it } from "vitest";
import { readApiConfig } from "../../server/config";
import { AddressLookupFailed } from "../../server/integrations/address-lookup";
import { addressLookupFor } from "../../server/integrations/addresses";
import { fixtureAddresses, fixtureAddressLookup } from "../../stand-ins/addresses";
import { idealPostcodesLookup, postTownCase } from "../../server/integrations/ideal-postcodes";

/** Two addresses as Ideal Postcodes documents them (GET /v1/postcodes/{postcode}, PAF fields; most omitted fields ignored). */
const documented = {
  result: [
    {
      postcode: "ID1 1QD",
      postcode_inward: "1QD",
      postcode_outward: "ID1",
      post_town: "LONDON",
      dependant_locality: "",
      double_dependant_locality: "",
      thoroughfare: "Barons Court Road",
      dependant_thoroughfare: "",
      building_number: "2",
      building_name: "",
      sub_building_name: "",
      po_box: "",
      department_name: "",
      organisation_name: "",
      udprn: 25962203,
      postcode_type: "S",
      su_organisation_indicator: "",
      delivery_point_suffix: "1G",
      line_1: "2 Barons Court Road",
      line_2: "",
      line_3: "",
      premise: "2",
      county: "London",
      district: "Hammersmith and Fulham",
      ward: "North End",
      country: "England",
      country_iso: "GBR",
      longitude: -0.208644362766368,
      latitude: 51.4899488390558,
    },
    {
      postcode: "ID1 1QD",
      post_town: "LONDON",
      thoroughfare: "Barons Court Road",
      dependant_thoroughfare: "Mews Lane",
      building_number: "",
      building_name: "Kingsley Hall",
      sub_building_name: "Flat 3",
      organisation_name: "",
      udprn: 25962215,
      county: "",
      country_iso: "GBR",
    },
  ],
  code: 2000,
  message: "Success",
};

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(answer: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("Ideal Postcodes address lookup (its documented answers)", () => {
  it("maps the documented 200 answer to our addresses, with the key in the Authorization header and never in the URL", async () => {
    const { fn, calls } = fakeFetch(() => json(200, documented));
    const lookup = idealPostcodesLookup({
      apiKey: "ak_secret_key",
      timeoutMs: 1000,
      fetch: fn,
    });
    const found = await lookup.findByPostcode(" id1 1qd ");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://api.ideal-postcodes.co.uk/v1/postcodes/ID11QD");
    expect(calls[0]!.url).not.toContain("ak_secret_key");
    expect(new Headers(calls[0]!.init?.headers).get("authorization")).toBe('api_key="ak_secret_key"');
    expect(found).toEqual([
      {
        externalId: "ideal-postcodes-25962203",
        buildingName: null,
        roomNumber: null,
        flatNumber: null,
        buildingNumber: "2",
        street: "Barons Court Road",
        subStreet: null,
        town: "London",
        county: "London",
        postcode: "ID1 1QD",
        country: "GBR",
      },
      {
        externalId: "ideal-postcodes-25962215",
        buildingName: "Kingsley Hall",
        roomNumber: null,
        flatNumber: "3",
        buildingNumber: null,
        street: "Barons Court Road",
        subStreet: "Mews Lane",
        town: "London",
        county: null,
        postcode: "ID1 1QD",
        country: "GBR",
      },
    ]);
  });

  it("no results: the documented 404 (4040 Postcode Not Found) is an empty list", async () => {
    const { fn } = fakeFetch(() =>
      json(404, {
        code: 4040,
        message: "Postcode Not Found",
        suggestions: ["ID1 1QE"],
      }),
    );
    await expect(
      idealPostcodesLookup({
        apiKey: "k",
        timeoutMs: 1000,
        fetch: fn,
      }).findByPostcode("ZZ1 1ZZ"),
    ).resolves.toEqual([]);
  });

  it("an error status (401 bad key, 402 no lookups left, 5xx) fails, saying which status", async () => {
    for (const status of [401, 402, 500]) {
      const { fn } = fakeFetch(() => json(status, { code: status * 10, message: "Invalid Key" }));
      const error = await idealPostcodesLookup({
        apiKey: "k",
        timeoutMs: 1000,
        fetch: fn,
      })
        .findByPostcode("ID1 1QD")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AddressLookupFailed);
      expect(error).toMatchObject({ reason: "status", status });
    }
  });

  it("an answer that is not the documented shape fails rather than showing nonsense", async () => {
    const { fn } = fakeFetch(() => json(200, { result: "nope" }));
    await expect(
      idealPostcodesLookup({
        apiKey: "k",
        timeoutMs: 1000,
        fetch: fn,
      }).findByPostcode("ID1 1QD"),
    ).rejects.toMatchObject({
      reason: "shape",
    });
  });

  it("no answer within the timeout fails (the request is aborted)", async () => {
    let aborted = false;
    const { fn } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => {
            aborted = true;
            reject(init.signal!.reason);
          });
        }),
    );
    const started = Date.now();
    await expect(
      idealPostcodesLookup({
        apiKey: "k",
        timeoutMs: 100,
        fetch: fn,
      }).findByPostcode("ID1 1QD"),
    ).rejects.toMatchObject({
      reason: "timeout",
    });
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("an unreachable provider fails as a network failure", async () => {
    const { fn } = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    await expect(
      idealPostcodesLookup({
        apiKey: "k",
        timeoutMs: 1000,
        fetch: fn,
      }).findByPostcode("ID1 1QD"),
    ).rejects.toMatchObject({
      reason: "network",
    });
  });

  it("post towns are written as places are, not in PAF capitals", () => {
    expect(postTownCase("STOKE-ON-TRENT")).toBe("Stoke-on-Trent");
    expect(postTownCase("NEWCASTLE UPON TYNE")).toBe("Newcastle upon Tyne");
    expect(postTownCase("BRISTOL")).toBe("Bristol");
  });
});

describe("ADDRESS_LOOKUP_PROVIDER, validated at start-up", () => {
  it("the fixture book is the default: the one the composition root gives (a stand-in), or a failed lookup without it", async () => {
    const config = readApiConfig({});
    expect(config.addressLookup).toEqual({ provider: "fixture" });
    const found = await addressLookupFor({ config, fixtureAddresses }).findByPostcode("BS1 4DJ");
    expect(found).toEqual(await fixtureAddressLookup().findByPostcode("BS1 4DJ"));
    expect(found.length).toBeGreaterThan(0);
    await expect(addressLookupFor({ config }).findByPostcode("BS1 4DJ")).rejects.toBeInstanceOf(AddressLookupFailed);
  });

  it("ideal-postcodes needs its key, and takes a timeout and a base URL", () => {
    expect(() => readApiConfig({ ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes" })).toThrow(/IDEAL_POSTCODES_API_KEY is required/);
    expect(() => readApiConfig({ ADDRESS_LOOKUP_PROVIDER: "getaddress" })).toThrow(/ADDRESS_LOOKUP_PROVIDER/);
    expect(() =>
      readApiConfig({
        ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes",
        IDEAL_POSTCODES_API_KEY: "k",
        ADDRESS_LOOKUP_TIMEOUT_MS: "0",
      }),
    ).toThrow(/ADDRESS_LOOKUP_TIMEOUT_MS/);
    const config = readApiConfig({
      ADDRESS_LOOKUP_PROVIDER: "ideal-postcodes",
      IDEAL_POSTCODES_API_KEY: "ak_x",
      IDEAL_POSTCODES_URL: "https://postcodes.example",
      ADDRESS_LOOKUP_TIMEOUT_MS: "2500",
    });
    expect(config.addressLookup).toEqual({
      provider: "ideal-postcodes",
      apiKey: "ak_x",
      baseUrl: "https://postcodes.example",
      timeoutMs: 2500,
    });
    expect(addressLookupFor({ config })).toBe(addressLookupFor({ config }));
  });
});
