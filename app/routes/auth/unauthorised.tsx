import { Link } from "react-router";
import { pageTitle, PRODUCT } from "~/lib/product";
import type { Route } from "./+types/unauthorised";

/** What happened, in words, for each way an identity-provider sign-in can end here. */
const WHAT_HAPPENED: Record<string, string> = {
  unknown: `You signed in at the identity provider, but there is no ${PRODUCT.name} account for that identity. Sign in with the email address your ${PRODUCT.name} was set up with.`,
  cancelled: "The sign-in was cancelled at the identity provider, so you are not signed in.",
  expired: "This sign-in took too long or was already used, so you are not signed in. Please start again.",
  unavailable: "We could not reach the identity provider, so you are not signed in. Please try again in a moment.",
  failed: "We could not confirm your sign-in with the identity provider, so you are not signed in.",
};

export function loader({ url }: Route.LoaderArgs) {
  const reason = url.searchParams.get("reason") ?? "";
  return { message: WHAT_HAPPENED[reason] ?? WHAT_HAPPENED.failed! };
}

/** `/unauthorised`: where an identity-provider sign-in that did not sign anyone in ends (part 1 §2.2). */
export default function Unauthorised({ loaderData }: Route.ComponentProps) {
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("You are not signed in")}</title>
      <h1>You are not signed in</h1>
      <p>{loaderData.message}</p>
      <p>
        <Link to="/auth/login" className="button">
          Go to login
        </Link>
      </p>
      <p>
        <Link to="/login">Try the identity provider again</Link>
      </p>
    </div>
  );
}
