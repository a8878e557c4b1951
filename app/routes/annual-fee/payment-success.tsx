import { Link } from "react-router";
import { requireAccessToken } from "~/lib/auth.server";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/payment-success";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAccessToken(request, url);
  return { waiting: url.searchParams.has("waitingPayment") };
}

/** Part 2: 'Thanks! Your annual fee payment has been received.' (or, after 30 s, still on its way). */
export default function AnnualFeeSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      {loaderData.waiting ? (
        <>
          <title>{pageTitle("Your payment is taking longer than expected")}</title>
          <h1>Your payment is taking longer than expected!</h1>
          <p>Please contact us via live chat if this issue persists.</p>
        </>
      ) : (
        <>
          <title>{pageTitle("Thanks!")}</title>
          <h1>Thanks!</h1>
          <p>Your annual fee payment has been received.</p>
        </>
      )}
      <p>
        <Link to="/" className="button">
          Return Home
        </Link>
      </p>
    </div>
  );
}
