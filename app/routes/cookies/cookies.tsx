import { redirect, useActionData } from "react-router";
import { z } from "zod";
import { RadioGroup } from "~/components/choice-fields";
import { AppForm, useAppForm } from "~/components/forms";
import { CHAT_USER_COOKIE } from "~/lib/chat.server";
import { CATEGORY_PURPOSE, CONSENT_COOKIE, consentOf, saveConsent, type Consent } from "~/lib/consent.server";
import { readForm } from "~/lib/csrf.server";
import { parseForm } from "~/lib/forms.server";
import { dispatchIntent } from "~/lib/intent.server";
import { pageTitle } from "~/lib/product";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { FLASH_COOKIE, flash, SESSION_COOKIE } from "~/lib/session.server";
import { COOKIES_PATH, type ConsentCategory } from "~/lib/third-parties";
import { consentCategories } from "~/lib/third-parties.server";
import type { Route } from "./+types/cookies";

const TITLE = "Cookies";

/** The question for each kind of cookie, and its error when left unanswered. */
const QUESTION: Record<ConsentCategory, string> = {
  analytics: "Do you want to allow analytics cookies?",
  chat: "Do you want to allow live chat cookies?",
  reviews: "Do you want to allow Trustpilot's cookies?",
};

/** The cookies each tool sets, for the tables (names as their makers document them). */
const TOOL_COOKIES: Record<ConsentCategory, { name: string; purpose: string; expires: string }[]> = {
  analytics: [{ name: "ph_<project key>_posthog", purpose: "Tells PostHog that pages you open are from the same visit, and records the visit if you agree", expires: "1 year" }],
  chat: [
    { name: "intercom-id-<app id>", purpose: "Lets Intercom know it is you when you come back to the chat", expires: "9 months" },
    { name: "intercom-session-<app id>", purpose: "Keeps your chat conversation open between pages", expires: "1 week" },
    { name: "intercom-device-id-<app id>", purpose: "Recognises your device in the chat", expires: "9 months" },
    { name: CHAT_USER_COOKIE, purpose: "Tells the chat to forget you on this device after you log out", expires: "9 months" },
  ],
  reviews: [{ name: "Trustpilot's own cookies", purpose: "Set by Trustpilot when it shows the reviews box", expires: "Up to 1 year" }],
};

const choiceSchema = (categories: ConsentCategory[]) =>
  z.object(
    Object.fromEntries(
      categories.map((category) => [category, z.enum(["yes", "no"], { error: `Choose yes or no: ${QUESTION[category].toLowerCase().replace(/\?$/, "")}` })]),
    ) as Record<ConsentCategory, z.ZodEnum<{ yes: "yes"; no: "no" }>>,
  );

/**
 * The Cookies page (issue 26, decision 0042): the essential cookies, and for each configured
 * tool's kind a yes-or-no that changes the answer given to the banner. Its action also takes the
 * banner's Accept and Reject from any page (`returnTo` brings the tenant back there).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const consent = await consentOf(request);
  const categories = consentCategories();
  return {
    categories,
    answers: Object.fromEntries(categories.map((c) => [c, consent[c] === undefined ? undefined : consent[c] ? "yes" : "no"])) as Partial<
      Record<ConsentCategory, "yes" | "no">
    >,
    essential: [
      { name: SESSION_COOKIE, purpose: "Keeps you logged in and protects your forms", expires: "7 days, or when you log out" },
      { name: FLASH_COOKIE, purpose: "Shows a message after you do something, such as 'Address successfully added'", expires: "When you close your browser" },
      { name: CONSENT_COOKIE, purpose: "Remembers your cookie settings", expires: "6 months" },
    ],
    optional: categories.map((c) => ({ category: c, purpose: CATEGORY_PURPOSE[c], cookies: TOOL_COOKIES[c] })),
  };
}

const ACCEPTED = "You've accepted additional cookies. You can change your cookie settings at any time.";
const REJECTED = "You've rejected additional cookies. You can change your cookie settings at any time.";
const SAVED = "You've set your cookie preferences.";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const categories = consentCategories();
  const previous = await consentOf(request);
  const answerAll = async (yes: boolean, message: string) => {
    const answers: Consent = Object.fromEntries(categories.map((c) => [c, yes]));
    // Back where the banner was answered; a refused target (another site) is the home page.
    const target = safeRedirectTarget(form.get("returnTo"), "/");
    return flash.redirectWithSuccess(target, { message, category: "COOKIES" }, { headers: { "Set-Cookie": await saveConsent(previous, answers) } });
  };
  return dispatchIntent(
    form,
    {
      accept: () => answerAll(true, ACCEPTED),
      reject: () => answerAll(false, REJECTED),
      save: async () => {
        if (categories.length === 0) return redirect(COOKIES_PATH);
        const parsed = await parseForm(request, choiceSchema(categories));
        if (!parsed.ok) return parsed.invalid;
        const answers: Consent = Object.fromEntries(categories.map((c) => [c, parsed.value[c] === "yes"]));
        return flash.redirectWithSuccess(COOKIES_PATH, { message: SAVED, category: "COOKIES" }, { headers: { "Set-Cookie": await saveConsent(previous, answers) } });
      },
    },
    { missing: "save" },
  );
}

export default function Cookies({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { fields, ...form } = useAppForm({
    id: "cookie-settings",
    schema: choiceSchema(d.categories),
    reply: actionData && "result" in actionData ? actionData : undefined,
    fieldNames: d.categories,
    defaultValue: d.answers,
  });
  return (
    <div className="panel panel--narrow">
      <title>{pageTitle(TITLE, form.errors.length > 0)}</title>
      <h1>{TITLE}</h1>
      <p>Cookies are small files saved on your phone, tablet or computer when you visit a website.</p>
      <h2>Essential cookies</h2>
      <p>These make Keyfree work. You cannot turn them off, and they are never used to track you.</p>
      <CookieTable cookies={d.essential} caption="Essential cookies" />
      {d.optional.length === 0 ? (
        <p>We do not use any other cookies.</p>
      ) : (
        <>
          <h2>Additional cookies</h2>
          <p>With your permission we would also like to use:</p>
          <ul>
            {d.optional.map((o) => (
              <li key={o.category}>{o.purpose}</li>
            ))}
          </ul>
          {d.optional.map((o) => (
            <CookieTable key={o.category} cookies={o.cookies} caption={`Cookies for ${o.purpose.split(",")[0]}`} />
          ))}
          <h2>Change your cookie settings</h2>
          <AppForm {...form}>
            <input type="hidden" name="intent" value="save" />
            {d.categories.map((category) => (
              <RadioGroup
                key={category}
                field={fields[category]}
                legend={QUESTION[category]}
                options={[
                  { value: "yes", label: "Yes" },
                  { value: "no", label: "No" },
                ]}
              />
            ))}
            <button type="submit" className="button">
              Save cookie settings
            </button>
          </AppForm>
        </>
      )}
    </div>
  );
}

function CookieTable({ cookies, caption }: { cookies: { name: string; purpose: string; expires: string }[]; caption: string }) {
  return (
    <table className="cookie-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">What it is for</th>
          <th scope="col">Expires</th>
        </tr>
      </thead>
      <tbody>
        {cookies.map((c) => (
          <tr key={c.name}>
            <td>{c.name}</td>
            <td>{c.purpose}</td>
            <td>{c.expires}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
