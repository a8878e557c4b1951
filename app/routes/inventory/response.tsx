import { isbot } from "isbot";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { ActionButton } from "~/components/action-button";
import { InventoryMessage } from "./+lib/inventory-message";
import { apiContext, ApiFailure, failureMessage, messageOf } from "~/lib/api.server";
import { flash } from "~/lib/session.server";
import { textField } from "~/lib/text-rules";
import { INVENTORY_ANSWERS, INVENTORY_PAGES, inventoryAnswer, isAutomatedVisit, type InventoryAnswer, type InventoryOutcome } from "./+lib/inventory";
import { pageTitle } from "~/lib/product";
import type { Route } from "./+types/response";
import { readForm } from "~/lib/csrf.server";

/**
 * `/tenancy-inventory-response?token=…&response=CONFIRMED|UNCONFIRMED` (part 2 §2): opening the
 * e-mail's link is the answer. It is recorded once (a repeat shows 'We have already logged a
 * response from you'); a link preview, mail scanner or prefetch records nothing and gets a
 * button to send the answer instead (docs/decisions/0011). Outcomes with their own page go
 * there; a missing token, an unknown one or any other response value shows the error page.
 */

/** Set by the action when it has recorded the answer, so the page's loader shows it rather than recording again. */
const answeredContext = createContext<InventoryOutcome | null>(null);

async function record(context: Readonly<RouterContextProvider>, token: string, answer: InventoryAnswer): Promise<InventoryOutcome> {
  const { data: body, error, response } = await context
    .get(apiContext)
    .raw.POST("/tenancy-inventory-responses", { body: { token, response: answer } });
  // An unknown token (404) or one the API cannot read (400): the error page, revealing nothing.
  if (response.status === 404 || response.status === 400) return "ERROR";
  if (!body) throw new ApiFailure(response.status, messageOf(error));
  return body.outcome;
}

function pageOf(outcome: InventoryOutcome): string | null {
  return outcome in INVENTORY_PAGES ? INVENTORY_PAGES[outcome as keyof typeof INVENTORY_PAGES] : null;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const answered = context.get(answeredContext);
  if (answered) return { state: "outcome" as const, outcome: answered };
  const token = url.searchParams.get("token");
  const answer = inventoryAnswer(url.searchParams.get("response"));
  if (!token || !answer) throw redirect(INVENTORY_PAGES.ERROR);
  if (isAutomatedVisit(request, isbot)) return { state: "ask" as const, token, answer };
  const outcome = await record(context, token, answer);
  const page = pageOf(outcome);
  if (page) throw redirect(page);
  return { state: "outcome" as const, outcome };
}

export const answerSchema = z.object({ token: textField("token").min(1), response: z.enum(INVENTORY_ANSWERS) });

/** The button a non-person visit is shown: records the answer, as opening the link does. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const parsed = answerSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: "This answer could not be read. Open the link in your e-mail again." }, { status: 400 });
  let outcome: InventoryOutcome;
  try {
    outcome = await record(context, parsed.data.token, parsed.data.response);
  } catch (error) {
    // Not recorded: the same page again, with its button and what went wrong.
    if (error instanceof ApiFailure) return flash.redirectWithError(url.pathname + url.search, failureMessage(error));
    throw error;
  }
  const page = pageOf(outcome);
  if (page) return redirect(page);
  context.set(answeredContext, outcome);
  return null;
}

const ASK_TEXT: Record<InventoryAnswer, string> = {
  CONFIRMED: "I have received my tenancy inventory.",
  UNCONFIRMED: "I have not received my tenancy inventory.",
};

export default function TenancyInventoryResponse({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "outcome") return <InventoryMessage outcome={loaderData.outcome} />;
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle("Your tenancy inventory")}</title>
      <h1>Your tenancy inventory</h1>
      <p>Your answer: {ASK_TEXT[loaderData.answer]}</p>
      <ActionButton fields={{ token: loaderData.token, response: loaderData.answer }}>Send my answer</ActionButton>
    </div>
  );
}
