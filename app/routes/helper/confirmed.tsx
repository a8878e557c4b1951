import { pageTitle, PRODUCT } from "~/lib/product";

/** After a helper confirms (issue 36, scope 5): what happens from now on. No sign-in, nothing of the tenant's shown. */
export default function HelperConfirmed() {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Thank you for confirming")}</title>
      <h1>Thank you for confirming</h1>
      <p>
        From now on we will email you a copy of the emails we send them about their {PRODUCT.name}, their claims and their payments. Each copy
        says at the top whose email it is.
      </p>
      <p>They can stop the copies at any time, and we will email you if they do. You do not need to do anything else.</p>
    </div>
  );
}
