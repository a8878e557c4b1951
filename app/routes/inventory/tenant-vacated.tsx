import { isbot } from "isbot";
import { createContext, data, Link, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { ActionButton } from "~/components/action-button";
import { apiContext, ApiFailure, messageOf } from "~/lib/api.server";
import { contactPath } from "~/lib/contact";
import { readForm } from "~/lib/csrf.server";
import { pageTitle } from "~/lib/product";
import { textField } from "~/lib/text-rules";
import { isAutomatedVisit } from "./+lib/inventory";
import type { Route } from "./+types/tenant-vacated";

/**
 * Tenant vacated (part 2 §2; issue 38, decision 0058), no login: `/tenant-vacated?token=…` is the
 * link we e-mail a tenant. Opening it records the move-out once and tells the agent or landlord
 * (the API's tenantVacated), so the thanks page's promise is kept; a second visit shows the same
 * thanks and changes nothing. A link preview or mail scanner records nothing and gets a button
 * instead, as the inventory's links do. No token, or an unknown or expired one: a page that
 * records nothing and says how to tell us.
 */

const recordedContext = createContext(false);

async function record(context: Readonly<RouterContextProvider>, token: string): Promise<boolean> {
  const { data: body, error, response } = await context.get(apiContext).raw.POST("/tenant-vacated", { body: { token } });
  if (response.status === 404 || response.status === 400) return false;
  if (!body) throw new ApiFailure(response.status, messageOf(error));
  return true;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (context.get(recordedContext)) return { state: "thanks" as const };
  const token = url.searchParams.get("token");
  if (!token) return { state: "unknown" as const };
  if (isAutomatedVisit(request, isbot)) return { state: "ask" as const, token };
  return { state: (await record(context, token)) ? ("thanks" as const) : ("unknown" as const) };
}

const vacatedSchema = z.object({ token: textField("token").min(1) });

/** The button a non-person visit is shown: records the move-out, as opening the link does. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = vacatedSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: "This link could not be read. Open the link in your e-mail again." }, { status: 400 });
  if (!(await record(context, parsed.data.token))) return { unknown: true };
  context.set(recordedContext, true);
  return null;
}

export default function TenantVacated({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "unknown" || actionData?.unknown) {
    const heading = "This link has not worked";
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle(heading)}</title>
        <h1>{heading}</h1>
        <p>It may have expired, or been copied only in part, so we have not recorded that you have moved out.</p>
        <p>
          To tell us you have left the property, please <Link to={contactPath({ topic: "KEYFREE" })}>contact us</Link>.
        </p>
      </div>
    );
  }
  if (loaderData.state === "ask") {
    return (
      <div className="panel panel--narrow">
        <title>{pageTitle("Have you moved out?")}</title>
        <h1>Have you moved out?</h1>
        <p>Tell us you have left the property, and we will let your agent or landlord know.</p>
        <ActionButton fields={{ token: loaderData.token }}>I have moved out</ActionButton>
      </div>
    );
  }
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
