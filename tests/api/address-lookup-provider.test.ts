import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../helpers/api";

/**
 * GET /addresses/lookup with ADDRESS_LOOKUP_PROVIDER=ideal-postcodes, against a stand-in that
 * answers as Ideal Postcodes documents (docs/decisions/0014): addresses, none (404), a failure.
 */
let server: Server;
let baseUrl: string;
const seen: Array<{ url: string; authorization: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    res.setHeader("content-type", "application/json");
    if (req.url === "/v1/postcodes/BS14DJ") {
      res.end(
        JSON.stringify({
          result: [
            {
              postcode: "BS1 4DJ",
              post_town: "BRISTOL",
              thoroughfare: "Orchard Road",
              building_number: "14",
              udprn: 123,
              country_iso: "GBR",
            },
          ],
          code: 2000,
          message: "Success",
        }),
      );
    } else if (req.url === "/v1/postcodes/B11AA") {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 4040, message: "Postcode Not Found" }));
    } else {
      res.statusCode = 402;
      res.end(JSON.stringify({ code: 4020, message: "Token balance depleted" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("postcode search through Ideal Postcodes", () => {
  it("answers the provider's addresses, none for its 404, and 502 with a message for its failure", async () => {
    const t = await createTestApi({
      addressLookup: {
        provider: "ideal-postcodes",
        apiKey: "ak_test",
        baseUrl,
        timeoutMs: 2000,
      },
    });
    const tenant = await t.quickTenant();
    const found = await t.json("GET", "/addresses/lookup?postcode=bs1%204dj", undefined, tenant.token);
    expect(found.status).toBe(200);
    expect(found.body.addresses).toEqual([
      expect.objectContaining({
        externalId: "ideal-postcodes-123",
        buildingNumber: "14",
        street: "Orchard Road",
        town: "Bristol",
        postcode: "BS1 4DJ",
        country: "GBR",
      }),
    ]);
    expect(seen[0]).toEqual({
      url: "/v1/postcodes/BS14DJ",
      authorization: 'api_key="ak_test"',
    });

    const none = await t.json("GET", "/addresses/lookup?postcode=B1%201AA", undefined, tenant.token);
    expect(none).toMatchObject({ status: 200, body: { addresses: [] } });

    const failed = await t.json("GET", "/addresses/lookup?postcode=LS1%204AP", undefined, tenant.token);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe("We could not search for addresses just now. Please try again, or enter your address manually.");
    await t.close();
  });
});
