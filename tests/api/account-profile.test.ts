import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, customers, properties, users } from "../../server/db/schema";
import { newId } from "../../server/lib/tokens";
import { issueAccessToken } from "../../server/lib/access-tokens";
import { createAddress, createOrganization } from "../../stand-ins/scenarios/builders";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
let signedInTenant: (input?: { firstName?: string; lastName?: string }) => Promise<{ userId: string; token: string }>;
beforeAll(async () => {
  // The clock stands at 2026-11-22 10:00 UTC (London: the same day).
  t = await createTestApi();
  // A signed-in tenant without the cost of hashing a password (these tests never log in).
  let n = 0;
  signedInTenant = async (input = {}) => {
    n += 1;
    const userId = newId();
    await t.db.insert(users).values({
      id: userId,
      email: `profile${n}@example.test`,
      firstName: input.firstName ?? `Tenant${n}`,
      lastName: input.lastName ?? "Test",
    });
    await t.db.insert(customers).values({ id: newId(), userId });
    return { userId, token: await issueAccessToken(t.db, t.config, userId, t.clock.now()) };
  };
});
afterAll(() => t.close());

const ABOUT_YOU = { firstName: " Priya ", lastName: "Shah", dob: "1990-04-17", gender: "FEMALE", mobileNumber: "+447700900123" };
const MANUAL = { buildingNumber: "7", street: "Cockburn Street", town: "Edinburgh", postcode: "eh11yz", country: "gbr" };

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}
async function addressRows(userId: string) {
  return t.db.select().from(addresses).where(eq(addresses.userId, userId));
}

describe("updateUser (About You)", () => {
  it("saves the About You details and answers the updated user", async () => {
    const tenant = await signedInTenant();
    const res = await t.json("PATCH", `/users/${tenant.userId}`, ABOUT_YOU, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: tenant.userId,
      firstName: "Priya",
      lastName: "Shah",
      attributes: { dob: "1990-04-17", gender: "FEMALE", mobileNumber: "+447700900123", onboardingIntroductionComplete: false, addresses: [] },
    });
    expect(await userRow(tenant.userId)).toMatchObject({
      firstName: "Priya",
      lastName: "Shah",
      dob: "1990-04-17",
      gender: "FEMALE",
      mobileNumber: "+447700900123",
    });
  });

  it("changes only the fields given", async () => {
    const tenant = await signedInTenant({ firstName: "Kept", lastName: "Names" });
    await t.json("PATCH", `/users/${tenant.userId}`, ABOUT_YOU, tenant.token);
    const res = await t.json("PATCH", `/users/${tenant.userId}`, { mobileNumber: "07700900999" }, tenant.token);
    expect(res.status).toBe(200);
    expect(await userRow(tenant.userId)).toMatchObject({ firstName: "Priya", dob: "1990-04-17", gender: "FEMALE", mobileNumber: "07700900999" });
  });

  it("accepts a tenant who turns 18 today, and refuses one who turns 18 tomorrow", async () => {
    const tenant = await signedInTenant();
    expect((await t.json("PATCH", `/users/${tenant.userId}`, { dob: "2008-11-22" }, tenant.token)).status).toBe(200);
    const res = await t.json("PATCH", `/users/${tenant.userId}`, { dob: "2008-11-23" }, tenant.token);
    expect(res).toMatchObject({ status: 400, body: { message: "Invalid request: dob: You must be at least 18 years old" } });
    expect((await userRow(tenant.userId)).dob).toBe("2008-11-22");
  });

  it.each([
    ["an empty first name", { firstName: " " }, "firstName", "First name is required"],
    ["an empty last name", { lastName: "" }, "lastName", "Last name is required"],
    ["a date in the future", { dob: "2027-01-01" }, "dob", "Date cannot be in the future"],
    ["a day that does not exist", { dob: "1990-02-30" }, "dob", "Invalid date"],
    ["a date in another format", { dob: "17/04/1990" }, "dob", "Invalid date"],
    ["an unknown gender", { gender: "OTHER" }, "gender", "Gender is required"],
    ["a 10-digit mobile number", { mobileNumber: "0770090012" }, "mobileNumber", "Incorrectly formatted phone number"],
    ["a mobile number with spaces", { mobileNumber: "07700 900123" }, "mobileNumber", "Incorrectly formatted phone number"],
    ["an empty mobile number", { mobileNumber: "" }, "mobileNumber", "Mobile number is required"],
  ])("refuses %s with the spec's message and changes nothing", async (_name, body, path, message) => {
    const tenant = await signedInTenant({ firstName: "Before" });
    const res = await t.json("PATCH", `/users/${tenant.userId}`, { firstName: "After", ...body }, tenant.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invalid request: ${path}: ${message}`);
    expect(res.body.issues).toEqual([{ path, message }]);
    expect((await userRow(tenant.userId)).firstName).toBe("Before");
  });

  it("gives every problem at once", async () => {
    const tenant = await signedInTenant();
    const res = await t.json("PATCH", `/users/${tenant.userId}`, { firstName: "", gender: "X", mobileNumber: "1" }, tenant.token);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(["firstName", "gender", "mobileNumber"]);
  });

  it("refuses an empty body and wrong types with 400", async () => {
    const tenant = await signedInTenant();
    const empty = await t.json("PATCH", `/users/${tenant.userId}`, {}, tenant.token);
    expect(empty).toMatchObject({ status: 400, body: { message: "Invalid request: Give at least one field to change" } });
    const wrongType = await t.json("PATCH", `/users/${tenant.userId}`, { firstName: 42 }, tenant.token);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain("firstName");
  });

  it("answers 404 for another tenant's id or a made-up one, changing nothing", async () => {
    const tenant = await signedInTenant();
    const other = await signedInTenant({ firstName: "Other" });
    for (const id of [other.userId, newId()]) {
      const res = await t.json("PATCH", `/users/${id}`, { firstName: "Hacked" }, tenant.token);
      expect(res).toMatchObject({ status: 404, body: { message: "Not found" } });
    }
    expect((await userRow(other.userId)).firstName).toBe("Other");
  });

  it("answers 401 without a token", async () => {
    const tenant = await signedInTenant();
    expect((await t.json("PATCH", `/users/${tenant.userId}`, { firstName: "X" })).status).toBe(401);
  });
});

describe("completeOnboardingIntroduction", () => {
  it("records that the tenant read the introduction, and repeating it is harmless", async () => {
    const tenant = await signedInTenant();
    const other = await signedInTenant();
    const first = await t.json("POST", "/me/onboarding-introduction", undefined, tenant.token);
    expect(first).toMatchObject({ status: 200, body: { id: tenant.userId, attributes: { onboardingIntroductionComplete: true } } });
    expect((await userRow(tenant.userId)).onboardingIntroductionComplete).toBe(true);
    const again = await t.json("POST", "/me/onboarding-introduction", undefined, tenant.token);
    expect(again).toMatchObject({ status: 200, body: { attributes: { onboardingIntroductionComplete: true } } });
    // Only the signed-in tenant's own flag changes.
    expect((await userRow(other.userId)).onboardingIntroductionComplete).toBe(false);
  });

  it("answers 401 without a token", async () => {
    expect((await t.json("POST", "/me/onboarding-introduction")).status).toBe(401);
  });
});

describe("searchAddressesByPostcode", () => {
  it("finds the addresses at a postcode written with any spacing or case, in the part 2 §3 shape", async () => {
    const tenant = await signedInTenant();
    const res = await t.json("GET", "/addresses/lookup?postcode=%20bs14dj%20", undefined, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body.addresses.length).toBeGreaterThan(1);
    expect(res.body.addresses[0]).toEqual({
      externalId: "fixture-BS14DJ-01",
      buildingName: null,
      roomNumber: null,
      flatNumber: "1",
      buildingNumber: "12",
      street: "Orchard Road",
      subStreet: null,
      town: "Bristol",
      county: "City of Bristol",
      postcode: "BS1 4DJ",
      country: "GBR",
    });
    const ids = res.body.addresses.map((a: { externalId: string }) => a.externalId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(["BS1 4DJ", "M1 1AE", "EH1 1YZ", "SW1A 1AA", "LS1 4AP", "CF10 1EP"])("knows the demo's postcode %s", async (postcode) => {
    const tenant = await signedInTenant();
    const res = await t.json("GET", `/addresses/lookup?postcode=${encodeURIComponent(postcode)}`, undefined, tenant.token);
    expect(res.body.addresses.length).toBeGreaterThanOrEqual(2);
    expect(res.body.addresses.every((a: { postcode: string }) => a.postcode === postcode)).toBe(true);
  });

  it("answers an empty list for a postcode with no addresses, or text that is not a postcode", async () => {
    const tenant = await signedInTenant();
    for (const postcode of ["ZE1 0AA", "hello"]) {
      const res = await t.json("GET", `/addresses/lookup?postcode=${postcode}`, undefined, tenant.token);
      expect(res).toMatchObject({ status: 200, body: { addresses: [] } });
    }
  });

  it("refuses an empty or missing postcode with 'Postcode is required', and answers 401 without a token", async () => {
    const tenant = await signedInTenant();
    for (const path of ["/addresses/lookup?postcode=%20", "/addresses/lookup"]) {
      const res = await t.json("GET", path, undefined, tenant.token);
      expect(res).toMatchObject({ status: 400, body: { message: "Invalid request: postcode: Postcode is required" } });
    }
    expect((await t.json("GET", "/addresses/lookup?postcode=BS1%204DJ")).status).toBe(401);
  });
});

describe("addAddress", () => {
  it("adds a manually entered address to the tenant's history, postcode and country written properly", async () => {
    const tenant = await signedInTenant();
    const res = await t.json("POST", `/users/${tenant.userId}/addresses`, { ...MANUAL, startDate: "2024-05-01" }, tenant.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      buildingNumber: "7",
      buildingName: null,
      street: "Cockburn Street",
      postcode: "EH1 1YZ",
      country: "GBR",
      startDate: "2024-05-01",
      currentlyAtAddress: true,
    });
    const rows = await addressRows(tenant.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.id, postcode: "EH1 1YZ", currentlyAtAddress: true });
    const me = await t.json("GET", "/me", undefined, tenant.token);
    expect(me.body.attributes.addresses).toEqual([res.body]);
  });

  it("adds a chosen lookup address with its externalId; a new current address replaces the current one", async () => {
    const tenant = await signedInTenant();
    const first = await t.json("POST", `/users/${tenant.userId}/addresses`, MANUAL, tenant.token);
    const lookup = await t.json("GET", "/addresses/lookup?postcode=M1%201AE", undefined, tenant.token);
    const chosen = lookup.body.addresses[0];
    const second = await t.json("POST", `/users/${tenant.userId}/addresses`, { ...chosen, currentlyAtAddress: true }, tenant.token);
    expect(second).toMatchObject({ status: 201, body: { externalId: chosen.externalId, buildingName: "Cotton House", currentlyAtAddress: true } });
    const rows = await addressRows(tenant.userId);
    expect(rows.find((r) => r.id === first.body.id)!.currentlyAtAddress).toBe(false);
    expect(rows.filter((r) => r.currentlyAtAddress)).toHaveLength(1);
    const me = await t.json("GET", "/me", undefined, tenant.token);
    expect(me.body.attributes.addresses.map((a: { id: string }) => a.id)).toEqual([second.body.id, first.body.id]);
  });

  it("accepts an address abroad without a UK postcode", async () => {
    const tenant = await signedInTenant();
    const res = await t.json(
      "POST",
      `/users/${tenant.userId}/addresses`,
      { buildingNumber: "3", street: "Rue de Rivoli", postcode: "75001", country: "FRA", currentlyAtAddress: false },
      tenant.token,
    );
    expect(res).toMatchObject({ status: 201, body: { postcode: "75001", country: "FRA", currentlyAtAddress: false } });
  });

  it.each([
    ["no building number or name", { buildingNumber: "" }, "buildingNumber", "Either a building number or name is required"],
    ["no street", { street: " " }, "street", "Required"],
    ["no postcode", { postcode: undefined }, "postcode", "Required"],
    ["a postcode that is not a UK one", { postcode: "90210" }, "postcode", "Must be a UK postcode"],
    ["no country", { country: "" }, "country", "Required"],
    ["a two-letter country code", { country: "GB" }, "country", "Country must be a three-letter code, like GBR"],
    ["an impossible start date", { startDate: "2024-13-01" }, "startDate", "Invalid date"],
    ["an end before the start", { startDate: "2024-05-01", endDate: "2024-04-01" }, "endDate", "End date must be on or after the start date"],
  ])("refuses %s with the spec's message, adding nothing", async (_name, change, path, message) => {
    const tenant = await signedInTenant();
    const res = await t.json("POST", `/users/${tenant.userId}/addresses`, { ...MANUAL, ...change }, tenant.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invalid request: ${path}: ${message}`);
    expect(await addressRows(tenant.userId)).toHaveLength(0);
  });

  it("gives the building message on both building fields", async () => {
    const tenant = await signedInTenant();
    const res = await t.json("POST", `/users/${tenant.userId}/addresses`, { ...MANUAL, buildingNumber: null }, tenant.token);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(["buildingNumber", "buildingName"]);
  });

  it("answers 404 for another tenant's user id and 401 without a token", async () => {
    const tenant = await signedInTenant();
    const other = await signedInTenant();
    const res = await t.json("POST", `/users/${other.userId}/addresses`, MANUAL, tenant.token);
    expect(res).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect(await addressRows(other.userId)).toHaveLength(0);
    expect((await t.json("POST", `/users/${tenant.userId}/addresses`, MANUAL)).status).toBe(401);
  });
});

describe("removeAddress", () => {
  it("removes an address from the tenant's history", async () => {
    const tenant = await signedInTenant();
    const added = await t.json("POST", `/users/${tenant.userId}/addresses`, MANUAL, tenant.token);
    const res = await t.json("DELETE", `/addresses/${added.body.id}`, undefined, tenant.token);
    expect(res.status).toBe(204);
    expect(await addressRows(tenant.userId)).toHaveLength(0);
    expect((await t.json("DELETE", `/addresses/${added.body.id}`, undefined, tenant.token)).status).toBe(404);
  });

  it("keeps an address something else points at, detached from the tenant", async () => {
    const tenant = await signedInTenant();
    const address = await createAddress(t.db, { userId: tenant.userId, currentlyAtAddress: true });
    const organization = await createOrganization(t.db);
    await t.db.insert(properties).values({ id: newId(), addressId: address.id, organizationId: organization.id });
    expect((await t.json("DELETE", `/addresses/${address.id}`, undefined, tenant.token)).status).toBe(204);
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, address.id));
    expect(row).toMatchObject({ userId: null, currentlyAtAddress: false });
    const me = await t.json("GET", "/me", undefined, tenant.token);
    expect(me.body.attributes.addresses).toEqual([]);
  });

  it("answers 404 for another tenant's address, a property's address or a made-up id, and 401 without a token", async () => {
    const tenant = await signedInTenant();
    const other = await signedInTenant();
    const theirs = await t.json("POST", `/users/${other.userId}/addresses`, MANUAL, other.token);
    const property = await createAddress(t.db);
    for (const id of [theirs.body.id, property.id, newId()]) {
      expect(await t.json("DELETE", `/addresses/${id}`, undefined, tenant.token)).toMatchObject({ status: 404, body: { message: "Not found" } });
    }
    expect(await addressRows(other.userId)).toHaveLength(1);
    expect((await t.json("DELETE", `/addresses/${theirs.body.id}`)).status).toBe(401);
  });
});

describe("updateAddressHistory", () => {
  it("replaces the history: an address given by id is kept and updated, others removed, new ones added", async () => {
    const tenant = await signedInTenant();
    const keep = await t.json("POST", `/users/${tenant.userId}/addresses`, { ...MANUAL, currentlyAtAddress: false }, tenant.token);
    const drop = await t.json("POST", `/users/${tenant.userId}/addresses`, { ...MANUAL, buildingNumber: "9" }, tenant.token);
    const res = await t.json(
      "PUT",
      "/me/addresses",
      {
        addresses: [
          { ...MANUAL, id: keep.body.id, startDate: "2020-01-01", endDate: "2023-12-31", currentlyAtAddress: false },
          { id: "temporary-1", buildingName: "Orchard House", street: "Orchard Road", postcode: "BS1 4DJ", country: "GBR", startDate: "2024-01-01" },
        ],
      },
      tenant.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.addresses).toHaveLength(2);
    const [current, previous] = res.body.addresses;
    expect(current).toMatchObject({ buildingName: "Orchard House", currentlyAtAddress: true, startDate: "2024-01-01" });
    expect(current.id).not.toBe("temporary-1");
    expect(previous).toMatchObject({ id: keep.body.id, startDate: "2020-01-01", endDate: "2023-12-31", currentlyAtAddress: false });
    const rows = await addressRows(tenant.userId);
    expect(rows.map((r) => r.id).sort()).toEqual([current.id, keep.body.id].sort());
    expect(rows.some((r) => r.id === drop.body.id)).toBe(false);
  });

  it("an empty list clears the history", async () => {
    const tenant = await signedInTenant();
    await t.json("POST", `/users/${tenant.userId}/addresses`, MANUAL, tenant.token);
    expect(await t.json("PUT", "/me/addresses", { addresses: [] }, tenant.token)).toMatchObject({ status: 200, body: { addresses: [] } });
    expect(await addressRows(tenant.userId)).toHaveLength(0);
  });

  it("never touches another tenant's address: its id is taken as a new address", async () => {
    const tenant = await signedInTenant();
    const other = await signedInTenant();
    const theirs = await t.json("POST", `/users/${other.userId}/addresses`, MANUAL, other.token);
    const res = await t.json("PUT", "/me/addresses", { addresses: [{ ...MANUAL, id: theirs.body.id, street: "Changed Street" }] }, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body.addresses[0].id).not.toBe(theirs.body.id);
    const [row] = await addressRows(other.userId);
    expect(row).toMatchObject({ id: theirs.body.id, street: "Cockburn Street" });
  });

  it.each([
    ["two current addresses", [MANUAL, MANUAL], "addresses", "Only one address can be your current address"],
    ["an address without a street", [MANUAL, { ...MANUAL, street: "", currentlyAtAddress: false }], "addresses.1.street", "Required"],
    ["a non-UK postcode", [{ ...MANUAL, postcode: "ABC" }], "addresses.0.postcode", "Must be a UK postcode"],
  ])("refuses %s with 400, changing nothing", async (_name, list, path, message) => {
    const tenant = await signedInTenant();
    await t.json("POST", `/users/${tenant.userId}/addresses`, MANUAL, tenant.token);
    const res = await t.json("PUT", "/me/addresses", { addresses: list }, tenant.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Invalid request: ${path}: ${message}`);
    expect(await addressRows(tenant.userId)).toHaveLength(1);
  });

  it("refuses a body without a list with 400, and answers 401 without a token", async () => {
    const tenant = await signedInTenant();
    expect((await t.json("PUT", "/me/addresses", {}, tenant.token)).status).toBe(400);
    expect((await t.json("PUT", "/me/addresses", { addresses: [] })).status).toBe(401);
  });
});
