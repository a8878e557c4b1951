import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { trackPageView } from "./lib/analytics.server";
import { logRenderError, logRouteError } from "./lib/error-log.server";
import { cspNonceContext, handlesHydrate, handlesThirdParties, NonceContext, THIRD_PARTIES_HEADER } from "./lib/page-delivery";

export const streamTimeout = 5_000;

/** Errors from loaders, actions and the router: one JSON line through the host's logger (a 4xx at info). */
export const handleError: HandleErrorFunction = (error, { request, context }) => logRouteError(error, { request, context });

/**
 * Renders a page. The CSP nonce comes from the load context (web-server.ts); React Router's
 * scripts and React's own carry it. A page that does not hydrate is sent whole (all its data
 * ready): streaming would need React's inline scripts to finish the page.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext) || undefined;
  const { matches } = routerContext.staticHandlerContext;
  const { loaderData } = routerContext.staticHandlerContext;
  const delivered = matches.map((m) => ({ handle: routerContext.routeModules[m.route.id]?.handle, loaderData: loaderData?.[m.route.id] }));
  const hydrates = handlesHydrate(delivered);
  // The outside services this page loads: the host lets their origins into its CSP, and no others.
  const thirdParties = handlesThirdParties(delivered);
  if (thirdParties.length > 0) responseHeaders.set(THIRD_PARTIES_HEADER, thirdParties.join(" "));
  // A page shown (a document GET under 400): one page view by its route's pattern, sent from here
  // so a tenant without JavaScript counts too, only with consent (app/lib/analytics.server.ts).
  void trackPageView(request, loadContext, responseStatusCode, matches);
  const userAgent = request.headers.get("user-agent");
  const waitForAll = !hydrates || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort the render after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and reach handleError; later ones only here.
          if (shellRendered) logRenderError(error, request, loadContext);
        },
      },
    );
  });
}
