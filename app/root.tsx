import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import stylesHref from "../styles/main.scss?url";
import { Flash, type FlashMessage } from "./components/flash";
import { SiteHeader } from "./components/header";
import { SiteFooter } from "./components/site-footer";
import { CookieBanner } from "./components/cookie-banner";
import { SessionRecorder } from "./components/session-recorder";
import { recorderSettings } from "./lib/analytics.server";
import { CATEGORY_PURPOSE, consentedTools, consentOf, unansweredCategories } from "./lib/consent.server";
import { chatForPage } from "./lib/chat.server";
import { chatScript } from "./lib/chat";
import { COOKIES_PATH, type ThirdParty } from "./lib/third-parties";
import { apiContext, createApi } from "./lib/api.server";
import { hostApiContext, requestReferenceContext } from "./lib/host";
import { assertCsrf } from "./lib/csrf.server";
import { revokeAccessToken } from "./lib/auth.server";
import { CSRF_REFUSED_MESSAGE } from "./lib/messages";
import { webConfig } from "./lib/env.server";
import { JS_CLASS_SCRIPT } from "./lib/js-class-script";
import { type DeliveryHandle, useNonce, usePageHydrates } from "./lib/page-delivery";
import { pageTitle, PRODUCT } from "./lib/product";
import { safeRedirectTarget } from "./lib/safe-redirect";
import { assertWellFormedParams } from "./lib/well-formed-ids.server";
import { commitSession, destroySession, ensureCsrfToken, getSession, readFlash } from "./lib/session.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const middleware: Route.MiddlewareFunction[] = [
  // Maintenance: only the maintenance page is shown, and nothing reaches the API.
  async () => {
    if (webConfig.maintenanceMode) {
      throw data({ maintenance: true }, { status: 503, headers: { "Retry-After": "3600" } });
    }
  },
  // ?clear_session: sign out of this browser (the token revoked at the API, as logout does)
  // and come back without the flag.
  async ({ request, url, context }) => {
    if (!url.searchParams.has("clear_session")) return;
    const session = await getSession(request);
    const token = session.get("accessToken");
    if (token) await revokeAccessToken(createApi(context.get(hostApiContext), { request, url }).raw, token);
    const clean = new URL(url);
    clean.searchParams.delete("clear_session");
    throw redirect(safeRedirectTarget(clean.pathname + clean.search), { headers: { "Set-Cookie": await destroySession(session) } });
  },
  // Every post carries the session's CSRF token and comes from this site.
  // A multipart post is read here once, as it arrives (its files to scratch files the host
  // removes once the request is answered); actions read that form through readForm.
  async ({ request, context }, next) => {
    const release = await assertCsrf(request, context);
    if (!release) return next();
    try {
      return await next();
    } finally {
      await release();
    }
  },
  // An id in the path that is not the shape of one is not found (404) before any loader or action asks the API.
  async ({ params }) => {
    assertWellFormedParams(params);
  },
  // One typed API client per request, with the session's access token: loaders and actions
  // call `context.get(apiContext)`; a 401 (logout, with the spec's message) and a 404 (not
  // found) are handled inside it (docs/decisions/0001-api-client-in-router-context.md).
  async ({ request, url, context }) => {
    const session = await getSession(request);
    context.set(apiContext, createApi(context.get(hostApiContext), { request, url, accessToken: session.get("accessToken") }));
  },
];

/**
 * The greeting's first name comes from the session (set at sign-in): no API call for the header.
 * The cookie banner shows while a configured tool's kind of cookie is unanswered (not on the
 * Cookies page itself, which asks the same); `tools` are the page-wide outside tools the tenant
 * said yes to (issue 26, decision 0042).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const session = await getSession(request);
  const csrf = ensureCsrfToken(session);
  const user = session.get("accessToken") ? { firstName: session.get("firstName") ?? "" } : null;
  const consent = await consentOf(request);
  const banner = url.pathname === COOKIES_PATH ? [] : unansweredCategories(consent).map((category) => CATEGORY_PURPOSE[category]);
  const tools = consentedTools(consent).filter((tool) => tool !== "trustpilot");
  // The live chat, where configured and consented to: who it boots as (app/lib/chat.server.ts).
  const chat = await chatForPage(request, { api: context.get(apiContext).raw, signedIn: user !== null, tools });
  const toast = await readFlash(request);
  const headers = new Headers(toast.headers);
  if (csrf.isNew) headers.append("Set-Cookie", await commitSession(session));
  if (chat.setCookie) headers.append("Set-Cookie", chat.setCookie);
  return data(
    {
      user: user ? { firstName: user.firstName } : null,
      csrf: csrf.token,
      flash: toast.toast as FlashMessage | undefined,
      consent: { banner, returnTo: url.pathname + url.search },
      tools,
      chat: chat.boot,
      recorder: await recorderSettings(request),
      // What the error page gives a tenant to quote to support (issue 41): this request's trace or request id.
      reference: context.get(requestReferenceContext),
    },
    { headers },
  );
}

/** The greeting and flash messages follow every navigation and submission. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/**
 * A route module's `handle`. `fullWidth` drops the header. `hydrate: true` opts the route's
 * pages into JavaScript (issue 8, scope 5): only then does the page carry React Router's client
 * (<Scripts/>, <ScrollRestoration/>, its modulepreloads). Every other page is plain HTML whose
 * links and forms work without script, so it loads none. Opt in only a page that cannot work
 * without it (the card form, upload progress), with `export const handle = { hydrate: true }`;
 * e2e/delivery.spec.ts keeps pages that do not at zero scripts and those that do under budget.
 */
export type RouteHandle = { fullWidth?: boolean } & DeliveryHandle;

/** The chat and analytics the tenant said yes to load on every page (their origins in its CSP). */
export const handle: RouteHandle = {
  thirdParties: (loaderData) => (loaderData as { tools?: ThirdParty[] } | undefined)?.tools ?? [],
};

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrates = usePageHydrates();
  const nonce = useNonce();
  const chat = useRouteLoaderData<typeof loader>("root")?.chat;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A page that sends script says so before its first paint (JS_CLASS_SCRIPT); one that sends none gets none. */}
        {hydrates ? <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: JS_CLASS_SCRIPT }} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main-content" className="skip-link">
          Skip to main content
        </a>
        {children}
        {/* The live chat once consented to (app/lib/chat.ts): written by the server only, after the page's "contact us" sentences. */}
        {chat ? <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: chatScript(chat, !hydrates) }} /> : null}
        <SessionRecorder />
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function Shell({ children, fullWidth }: { children: React.ReactNode; fullWidth: boolean }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const banner = root?.consent.banner ?? [];
  return (
    <>
      {banner.length > 0 ? <CookieBanner purposes={banner} returnTo={root!.consent.returnTo} /> : null}
      {fullWidth ? null : <SiteHeader firstName={root?.user ? root.user.firstName : null} />}
      <Flash flash={root?.flash} />
      <main id="main-content" className={fullWidth ? "page page--full" : "page"} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter signedIn={Boolean(root?.user)} />
    </>
  );
}

export default function App() {
  const matches = useMatches();
  // Marks a hydrating page as hydrated (browser tests wait for it before poking at the DOM);
  // a page that does not hydrate is ready as it loads.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const fullWidth = matches.some((m) => (m.handle as RouteHandle | undefined)?.fullWidth);
  return (
    <Shell fullWidth={fullWidth}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const reference = useRouteLoaderData<typeof loader>("root")?.reference;
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main id="main-content" className="page page--full" tabIndex={-1}>
        <title>{pageTitle("Down for maintenance")}</title>
        <div className="panel panel--centred">
          <h1>{PRODUCT.name} is currently down for maintenance</h1>
          <p>We expect to be back at 00:00 GMT.</p>
        </div>
      </main>
    );
  }
  let content: React.ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    content = (
      <>
        <title>{pageTitle("Sorry we can't find that")}</title>
        <h1>Sorry we can't find that</h1>
        <p>
          <a href="/" className="button">
            Return Home
          </a>
        </p>
      </>
    );
  } else if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // A refused post (403 CSRF, 400 unreadable form, 413 too large, 415 not a form): the refusal's own words.
    const message =
      typeof error.data?.message === "string"
        ? error.data.message
        : error.status === 403
          ? CSRF_REFUSED_MESSAGE
          : "Go back, reload the page and try again.";
    content = (
      <>
        <title>{pageTitle("Sorry, that did not work")}</title>
        <h1>Sorry, that did not work</h1>
        <p>{message}</p>
        <p>
          <a href="/" className="button">
            Return Home
          </a>
        </p>
      </>
    );
  } else {
    if (typeof document !== "undefined") console.error(error);
    content = (
      <>
        <title>{pageTitle("Something went wrong")}</title>
        <h1>Something went wrong</h1>
        <p>Please try reloading the page or come back later if the error persists.</p>
        {reference ? <p>Reference: {reference}</p> : null}
      </>
    );
  }
  return (
    <Shell fullWidth={false}>
      <div className="panel panel--centred">{content}</div>
    </Shell>
  );
}
