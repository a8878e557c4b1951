import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyfreeOfferRecipients, keyfreeOffers, outboxEmails } from "../../server/db/schema";
import { OFFER_ALREADY_CHOSEN_MESSAGE, REJECTION_MESSAGES } from "../../server/domain/keyfree-offers";
import { hashToken } from "../../server/lib/tokens";
import { createKeyfreeOffer } from "../../server/offers/service";
import { createTestApi, type TestApi } from "../helpers/api";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

let n = 0;
/** An offer to two prospective tenants, Robin and Kim. */
async function twoTenantOffer(over: { annualFeesEnabled?: boolean } = {}) {
  n += 1;
  const created = await createKeyfreeOffer(
    t.db,
    {
      address: { buildingNumber: "3", street: "Cliff Road", town: "Clifton", postcode: "BS8 1AB" },
      savingAmount: 120_000,
      keyfreeAmount: 30_000,
      cashDepositAmount: 150_000,
      annualFeesEnabled: over.annualFeesEnabled ?? true,
      recipients: [
        { email: `robin${n}@example.test`, firstName: "Robin", lastName: "Hale" },
        { email: `kim${n}@example.test`, firstName: "Kim", lastName: "Lowe" },
      ],
    },
    t.clock.now(),
  );
  const [robin, kim] = created.recipients;
  return { id: created.keyfreeOfferId, robin: robin!, kim: kim! };
}

async function offerRow(id: string) {
  const [row] = await t.db.select().from(keyfreeOffers).where(eq(keyfreeOffers.id, id));
  return row!;
}
async function recipientRow(id: string) {
  const [row] = await t.db.select().from(keyfreeOfferRecipients).where(eq(keyfreeOfferRecipients.id, id));
  return row!;
}

const get = (id: string, token: string) => t.json("GET", `/keyfree-offers/${id}?token=${encodeURIComponent(token)}`);
const choose = (id: string, token: string, choice: string) => t.json("POST", `/keyfree-offers/${id}/choice`, { choice, token });
const reason = (id: string, body: Record<string, unknown>) => t.json("POST", `/keyfree-offers/${id}/rejection-reason`, body);

describe("getKeyfreeOffer", () => {
  it("shows the recipient the offer, with nothing chosen yet", async () => {
    const offer = await twoTenantOffer();
    const res = await get(offer.id, offer.robin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      keyfreeOffer: {
        id: offer.id,
        property: {
          address: {
            buildingName: null,
            flatNumber: null,
            buildingNumber: "3",
            street: "Cliff Road",
            subStreet: null,
            town: "Clifton",
            county: null,
            postcode: "BS8 1AB",
          },
        },
      },
      savingAmount: 120_000,
      keyfreeAmount: 30_000,
      cashDepositAmount: 150_000,
      annualFeesEnabled: true,
      annualFeeAmount: 3000,
      recipient: { id: offer.robin.recipientId, firstName: "Robin", choice: null, rejectionReasonGiven: false },
      chosen: null,
    });
  });

  it("says who chose once the tenancy's choice is made: you, or a co-tenant", async () => {
    const offer = await twoTenantOffer({ annualFeesEnabled: false });
    await choose(offer.id, offer.robin.token, "KEYFREE");
    const robin = await get(offer.id, offer.robin.token);
    const kim = await get(offer.id, offer.kim.token);
    expect(robin.body.chosen).toEqual({ choice: "KEYFREE", chosenBy: "YOU", chosenAt: t.clock.now().toISOString() });
    expect(robin.body.annualFeesEnabled).toBe(false);
    expect(kim.body.chosen).toMatchObject({ choice: "KEYFREE", chosenBy: "CO_TENANT" });
    expect(kim.body.recipient).toMatchObject({ firstName: "Kim", choice: null });
  });

  it("answers 404 for another offer's token, an unknown token and an unknown offer; 400 without a token", async () => {
    const offer = await twoTenantOffer();
    const other = await twoTenantOffer();
    expect(await get(offer.id, other.robin.token)).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect((await get(offer.id, "not-a-real-token")).status).toBe(404);
    expect((await get("no-such-offer", offer.robin.token)).status).toBe(404);
    expect((await t.json("GET", `/keyfree-offers/${offer.id}`)).status).toBe(400);
  });
});

describe("respondToOffer", () => {
  it("records the first choice for the tenancy and the recipient", async () => {
    const offer = await twoTenantOffer();
    const res = await choose(offer.id, offer.robin.token, "CASHDEPOSIT");
    expect(res).toMatchObject({
      status: 200,
      body: { keyfreeOfferId: offer.id, choice: "CASH_DEPOSIT", chosenBy: "YOU", chosenAt: t.clock.now().toISOString() },
    });
    expect(await offerRow(offer.id)).toMatchObject({ choice: "CASH_DEPOSIT", chosenAt: t.clock.now() });
    expect(await recipientRow(offer.robin.recipientId)).toMatchObject({ choice: "CASH_DEPOSIT" });
    expect((await recipientRow(offer.kim.recipientId)).choice).toBeNull();
  });

  it("cannot be changed by a co-tenant or by the chooser, and a double submit has one effect", async () => {
    const offer = await twoTenantOffer();
    const [first, second] = await Promise.all([
      choose(offer.id, offer.robin.token, "KEYFREE"),
      choose(offer.id, offer.robin.token, "KEYFREE"),
    ]);
    expect(first).toMatchObject({ status: 200, body: { choice: "KEYFREE" } });
    expect({ status: second.status, body: second.body }).toEqual({ status: first.status, body: first.body });
    const chosenAt = (await offerRow(offer.id)).chosenAt;

    t.clock.advance(60_000);
    try {
      expect(await choose(offer.id, offer.kim.token, "CASH_DEPOSIT")).toMatchObject({
        status: 409,
        body: { message: OFFER_ALREADY_CHOSEN_MESSAGE },
      });
      expect(await choose(offer.id, offer.kim.token, "KEYFREE")).toMatchObject({ status: 409, body: { message: OFFER_ALREADY_CHOSEN_MESSAGE } });
      expect(await choose(offer.id, offer.robin.token, "CASH_DEPOSIT")).toMatchObject({ status: 409 });
      const repeat = await choose(offer.id, offer.robin.token, "KEYFREE");
      expect(repeat.body.chosenAt).toBe(chosenAt!.toISOString());
    } finally {
      t.clock.advance(-60_000);
    }
    expect(await offerRow(offer.id)).toMatchObject({ choice: "KEYFREE", chosenAt });
    expect((await recipientRow(offer.kim.recipientId)).choice).toBeNull();
  });

  it("lets only one of two co-tenants choosing at once win", async () => {
    const offer = await twoTenantOffer();
    const results = await Promise.all([
      choose(offer.id, offer.robin.token, "KEYFREE"),
      choose(offer.id, offer.kim.token, "CASH_DEPOSIT"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await offerRow(offer.id)).choice).toBe(winner.body.choice);
  });

  it("refuses a bad choice or a missing token with 400, and a wrong token with 404, changing nothing", async () => {
    const offer = await twoTenantOffer();
    expect((await choose(offer.id, offer.robin.token, "MAYBE")).status).toBe(400);
    expect((await t.json("POST", `/keyfree-offers/${offer.id}/choice`, { choice: "KEYFREE" })).status).toBe(400);
    expect((await choose(offer.id, "wrong-token", "KEYFREE")).status).toBe(404);
    const other = await twoTenantOffer();
    expect((await choose(offer.id, other.robin.token, "KEYFREE")).status).toBe(404);
    expect((await offerRow(offer.id)).choice).toBeNull();
  });
});

describe("addRejectionReason", () => {
  it("records the reason of a recipient who chose a cash deposit (either spelling)", async () => {
    const offer = await twoTenantOffer();
    await choose(offer.id, offer.robin.token, "CASH_DEPOSIT");
    const res = await reason(offer.id, { rejectionReason: "NONREFUNDABLEFEE", customRejectionReason: "  ", token: offer.robin.token });
    expect(res).toMatchObject({
      status: 200,
      body: { keyfreeOfferId: offer.id, rejectionReason: "NON_REFUNDABLE_FEE", customRejectionReason: null },
    });
    expect(await recipientRow(offer.robin.recipientId)).toMatchObject({ rejectionReason: "NON_REFUNDABLE_FEE", customRejectionReason: null });
    expect((await get(offer.id, offer.robin.token)).body.recipient.rejectionReasonGiven).toBe(true);
    // The same again is the same success; a different reason is refused.
    expect((await reason(offer.id, { rejectionReason: "NON_REFUNDABLE_FEE", token: offer.robin.token })).status).toBe(200);
    expect(await reason(offer.id, { rejectionReason: "TOO_EXPENSIVE", token: offer.robin.token })).toMatchObject({
      status: 409,
      body: { message: REJECTION_MESSAGES.alreadyGiven },
    });
    expect((await recipientRow(offer.robin.recipientId)).rejectionReason).toBe("NON_REFUNDABLE_FEE");
  });

  it("keeps the details given for OTHER", async () => {
    const offer = await twoTenantOffer();
    await choose(offer.id, offer.kim.token, "CASH_DEPOSIT");
    const res = await reason(offer.id, { rejectionReason: "OTHER", customRejectionReason: " My parents pay the deposit ", token: offer.kim.token });
    expect(res.body).toMatchObject({ rejectionReason: "OTHER", customRejectionReason: "My parents pay the deposit" });
    expect((await recipientRow(offer.kim.recipientId)).customRejectionReason).toBe("My parents pay the deposit");
  });

  it.each([
    ["no reason", {}, "rejectionReason", "Please select a reason"],
    ["an unknown reason", { rejectionReason: "BORED" }, "rejectionReason", "Please select a reason"],
    ["OTHER without details", { rejectionReason: "OTHER", customRejectionReason: " " }, "customRejectionReason", "Please provide more details about your reason"],
    ["501 characters", { rejectionReason: "OTHER", customRejectionReason: "x".repeat(501) }, "customRejectionReason", "Please keep your response to 500 characters or less"],
  ])("refuses %s with 400 and the spec's message", async (_name, body, path, message) => {
    const offer = await twoTenantOffer();
    await choose(offer.id, offer.robin.token, "CASH_DEPOSIT");
    const res = await reason(offer.id, { ...body, token: offer.robin.token });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect((await recipientRow(offer.robin.recipientId)).rejectionReason).toBeNull();
  });

  it("accepts exactly 500 characters", async () => {
    const offer = await twoTenantOffer();
    await choose(offer.id, offer.robin.token, "CASH_DEPOSIT");
    expect((await reason(offer.id, { rejectionReason: "OTHER", customRejectionReason: "y".repeat(500), token: offer.robin.token })).status).toBe(200);
  });

  it("refuses with 409 before a choice, after choosing Keyfree, and for the co-tenant who did not choose", async () => {
    const offer = await twoTenantOffer();
    const body = (token: string) => ({ rejectionReason: "TOO_EXPENSIVE", token });
    expect(await reason(offer.id, body(offer.robin.token))).toMatchObject({ status: 409, body: { message: REJECTION_MESSAGES.notRejected } });
    await choose(offer.id, offer.robin.token, "CASH_DEPOSIT");
    expect((await reason(offer.id, body(offer.kim.token))).status).toBe(409);
    const keyfree = await twoTenantOffer();
    await choose(keyfree.id, keyfree.robin.token, "KEYFREE");
    expect((await reason(keyfree.id, body(keyfree.robin.token))).status).toBe(409);
    expect((await recipientRow(offer.kim.recipientId)).rejectionReason).toBeNull();
  });

  it("answers 404 for a token that is not this offer's", async () => {
    const offer = await twoTenantOffer();
    const other = await twoTenantOffer();
    await choose(other.id, other.robin.token, "CASH_DEPOSIT");
    expect((await reason(offer.id, { rejectionReason: "TOO_EXPENSIVE", token: other.robin.token })).status).toBe(404);
  });
});

describe("createKeyfreeOffer", () => {
  it("stores only token hashes, uses a given token as it is, and e-mails each recipient their link", async () => {
    const created = await createKeyfreeOffer(
      t.db,
      {
        address: { street: "Mill Lane", postcode: "BS3 1AA" },
        savingAmount: 100_000,
        keyfreeAmount: 25_000,
        cashDepositAmount: 125_000,
        recipients: [
          { email: "fixed@example.test", firstName: "Fay", lastName: "Fixed", token: "demo-offer-token-0001" },
          { email: "random@example.test", firstName: "Ray", lastName: "Random" },
        ],
      },
      t.clock.now(),
    );
    const [fixed, random] = created.recipients;
    expect(fixed!.token).toBe("demo-offer-token-0001");
    expect(random!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await recipientRow(fixed!.recipientId)).tokenHash).toBe(hashToken("demo-offer-token-0001"));
    expect((await offerRow(created.keyfreeOfferId)).annualFeesEnabled).toBe(true);
    for (const r of created.recipients) {
      const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, r.email));
      expect(mail).toMatchObject({ template: "KEYFREE_OFFER", subject: "Save £1000.00 with Keyfree!" });
      expect(mail!.text).toContain(`http://localhost:3000/keyfree-offer/${created.keyfreeOfferId}?token=${r.token}`);
    }
    expect((await get(created.keyfreeOfferId, "demo-offer-token-0001")).status).toBe(200);
  });

  it("refuses no recipients, a repeated token, a weak token and negative amounts", async () => {
    const base = {
      address: { street: "Mill Lane", postcode: "BS3 1AA" },
      savingAmount: 1,
      keyfreeAmount: 1,
      cashDepositAmount: 1,
      recipients: [{ email: "a@example.test", firstName: "A", lastName: "B" }],
    };
    const now = t.clock.now();
    await expect(createKeyfreeOffer(t.db, { ...base, recipients: [] }, now)).rejects.toThrow();
    await expect(
      createKeyfreeOffer(
        t.db,
        {
          ...base,
          recipients: [
            { email: "a@example.test", firstName: "A", lastName: "B", token: "same-token-123456789" },
            { email: "b@example.test", firstName: "B", lastName: "C", token: "same-token-123456789" },
          ],
        },
        now,
      ),
    ).rejects.toThrow("own token");
    await expect(createKeyfreeOffer(t.db, { ...base, recipients: [{ ...base.recipients[0]!, token: "short" }] }, now)).rejects.toThrow();
    await expect(createKeyfreeOffer(t.db, { ...base, keyfreeAmount: -1 }, now)).rejects.toThrow();
    await expect(createKeyfreeOffer(t.db, { ...base, organizationId: "no-such-org" }, now)).rejects.toThrow("No organization");
  });
});
