import { pageTitle } from "~/lib/product";

/** Tenant vacated (part 2 §2): the thanks page, no login. */
export default function TenantVacated() {
  const heading = "Thanks for letting us know you have left the property";
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(heading)}</title>
      <h1>{heading}</h1>
      <p>We will let your agent or landlord know that you have moved out.</p>
      <p>Any outstanding charges for your tenancy must still be settled.</p>
    </div>
  );
}
