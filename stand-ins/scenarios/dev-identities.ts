import type { DevIdentity } from "../identity-provider/provider";
import { DEMO_CO_TENANTS, DEMO_TENANTS } from "./demo";

/** An identity the development identity provider knows and Keyfree does not: signing in with it ends on /unauthorised. */
export const UNKNOWN_IDENTITY: DevIdentity = {
  email: "stranger@keyfree.example",
  name: "Sam Stranger",
  note: "no Keyfree account: ends on the unauthorised page",
};

/** Who can sign in at the embedded development identity provider: the demo tenants, their co-tenants and one stranger. */
export function devIdentities(): DevIdentity[] {
  return [
    ...[...DEMO_TENANTS, ...DEMO_CO_TENANTS].map((t) => ({ email: t.email, name: `${t.firstName} ${t.lastName}` })),
    UNKNOWN_IDENTITY,
  ];
}
