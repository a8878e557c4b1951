import { describe, expect, it } from "vitest";
import { balancesAfterPayment, chargesPayment, isOwnShareAction, type OpenPayAction } from "../../../server/domain/claim-payments";

const balance = (id: string, amount: number, typeId = "CLAIM_PAY_REMAINING_BALANCE"): OpenPayAction => ({ id, typeId, amountRemainingPence: amount });
const share = (id: string, amount: number, typeId = "CLAIM_PAY"): OpenPayAction => ({ id, typeId, amountRemainingPence: amount });

describe("balancesAfterPayment (joint and several liability)", () => {
  const cases: { name: string; paid: [string, number]; others: OpenPayAction[]; expected: [string, number, boolean][] }[] = [
    {
      name: "an own share lowers every remaining balance; the other own share stays",
      paid: ["CLAIM_PAY", 21_000],
      others: [balance("a-bal", 42_001), balance("b-bal", 42_001), share("b-share", 21_001)],
      expected: [["a-bal", 21_001, false], ["b-bal", 21_001, false], ["b-share", 21_001, false]],
    },
    {
      name: "the last own share clears the balances, so everything is settled",
      paid: ["CLAIM_PAY", 21_001],
      others: [balance("a-bal", 21_001), balance("b-bal", 21_001)],
      expected: [["a-bal", 0, true], ["b-bal", 0, true]],
    },
    {
      name: "an own share larger than the balance left never takes it below £0, and settles the own shares left",
      paid: ["ARBITRATION_PAY", 30_000],
      others: [balance("a-bal", 10_000, "ARBITRATION_PAY_REMAINING_BALANCE"), share("b-share", 5_000, "ARBITRATION_PAY")],
      expected: [["a-bal", 0, true], ["b-share", 0, true]],
    },
    {
      name: "a remaining balance settles the whole order",
      paid: ["CLAIM_PAY_REMAINING_BALANCE", 42_001],
      others: [balance("b-bal", 42_001), share("a-share", 21_000), share("b-share", 21_001)],
      expected: [["b-bal", 0, true], ["a-share", 0, true], ["b-share", 0, true]],
    },
    {
      name: "a fee (or a proposal payment) settles the order too",
      paid: ["ARBITRATION_ADMIN_PAY", 6_000],
      others: [share("x", 100)],
      expected: [["x", 0, true]],
    },
    { name: "nothing else open: nothing changes", paid: ["CLAIM_PAY", 500], others: [], expected: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const after = balancesAfterPayment(c.paid[0], c.paid[1], c.others);
      expect(after.map((a) => [a.id, a.amountRemainingPence, a.settled])).toEqual(c.expected);
    });
  }

  it("refuses amounts that are not whole pence", () => {
    expect(() => balancesAfterPayment("CLAIM_PAY", 1.5, [])).toThrow();
    expect(() => balancesAfterPayment("CLAIM_PAY", 100, [share("x", -1)])).toThrow();
  });

  it("knows the own share actions", () => {
    expect(["CLAIM_PAY", "ARBITRATION_PAY", "CLAIM_PAY_REMAINING_BALANCE", "ARBITRATION_ADMIN_PAY"].map(isOwnShareAction)).toEqual([true, true, false, false]);
  });
});

describe("chargesPayment: which action the pay page takes (part 1 §4.1, §4.3)", () => {
  it.each([
    ["a sole tenant: their share, the whole amount (CLAIM)", [share("s", 100_000), balance("b", 100_000)], 100_000, ["s", "CLAIM"]],
    ["two tenants, nobody paid: their share (CLAIM)", [share("s", 50_000), balance("b", 100_000)], 100_000, ["s", "CLAIM"]],
    ["a co-tenant paid their share: the remaining balance", [share("s", 50_000), balance("b", 50_000)], 100_000, ["b", "CLAIM_REMAINING_BALANCE"]],
    ["only the balance is open: the remaining balance", [balance("b", 30_000)], 100_000, ["b", "CLAIM_REMAINING_BALANCE"]],
    ["the limit caps what is due: a sole tenant owing the limit pays their share", [share("s", 80_000), balance("b", 80_000)], 80_000, ["s", "CLAIM"]],
    ["what was due unknown: the share, as when nobody has paid", [share("s", 50_000), balance("b", 50_000)], null, ["s", "CLAIM"]],
    ["nothing open: nothing to pay", [], 100_000, null],
  ] as [string, OpenPayAction[], number | null, [string, string] | null][])("%s", (_case, open, due, expected) => {
    const choice = chargesPayment(open, due);
    expect(choice && [choice.id, choice.paymentType]).toEqual(expected);
  });
});
