import { issueAccessToken } from "../../server/lib/access-tokens";
import { CHECKOUT_ACTION_TYPES } from "../../server/domain/statuses";
import { createCheckoutScenario } from "../../stand-ins/scenarios/checkout";
import type { TestApi } from "./api";

const beforePay = CHECKOUT_ACTION_TYPES.filter((a) => a !== "KEYFREE_PAY");
let n = 0;

/**
 * A new tenant at the Keyfree payment step of their checkout (£1,300 a month, 12 Orchard Road,
 * Bristol BS1 4DJ), signed in: `name` makes their e-mail and last name (`<name><n>`).
 */
export async function atKeyfreePayStep(t: TestApi, name: string, firstName = "Jo") {
  n += 1;
  const scenario = await createCheckoutScenario(
    t.db,
    {
      tenants: [{ email: `${name.toLowerCase()}${n}@example.test`, firstName, lastName: `${name}${n}` }],
      ppm: 130_000,
      startDate: "2027-01-01",
      endDate: "2027-12-31",
      isNewTenancy: true,
      topUpEnabled: true,
      completed: [beforePay],
    },
    t.clock.now(),
  );
  const tenant = scenario.tenants[0]!;
  return { orderId: scenario.orderId, tenant, token: await issueAccessToken(t.db, t.config, tenant.userId, t.clock.now()) };
}
