import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server";
import { requestAsBrowserSentIt } from "../../server/lib/forwarded-request";
import { hostLoadContext, type HostApi, type HostLog } from "../../app/lib/host";

/**
 * Issue 25: behind a proxy that ends HTTPS (nginx, a cloud load balancer), the server sees
 * http:// while the browser's Origin is https://. React Router refuses a post whose Origin does
 * not match the request's URL, so without the forwarded scheme every form post is a 400.
 * React Router's real request handler runs over a build of one page with an action.
 */
const page = () => null;
const build = {
  entry: { module: { default: (_r: Request, status: number) => new Response("page", { status }), handleError } },
  routes: {
    root: { id: "root", path: "", module: { default: page, ErrorBoundary: page } },
    form: { id: "form", path: "form", parentId: "root", module: { default: page, action: () => new Response("saved", { status: 200 }) } },
  },
  assets: {
    entry: { module: "/entry.js", imports: [] },
    routes: {
      root: { id: "root", module: "/root.js", hasLoader: false, hasAction: false, hasErrorBoundary: true },
      form: { id: "form", module: "/form.js", parentId: "root", hasLoader: false, hasAction: true, hasErrorBoundary: false },
    },
    url: "/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v8_middleware: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const silent = Object.fromEntries(["debug", "info", "warn", "error"].map((l) => [l, () => {}])) as unknown as HostLog;
const api: HostApi = { baseUrl: "http://api.internal", fetch: () => Promise.reject(new Error("no API here")) };

/** A form post as nginx hands it to an instance: plain http to the instance's own address. */
function postThroughProxy(forwarded: Record<string, string>) {
  return new Request("http://10.0.0.5:3000/form", {
    method: "POST",
    headers: { origin: "https://keyfree.example", "content-type": "application/x-www-form-urlencoded", ...forwarded },
    body: "a=1",
  });
}

async function answer(request: Request) {
  const handle = createRequestHandler(build, "production");
  const res = await handle(request, hostLoadContext(api, { log: silent }));
  return res.status;
}

describe("form posts behind a proxy that ends HTTPS", () => {
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "keyfree.example" };

  it("React Router refuses the post as the server sees it (the reason for the rewrite)", async () => {
    expect(await answer(postThroughProxy(forwarded))).toBe(400);
  });

  it("with a trusted proxy, the URL the browser used: the action runs", async () => {
    const request = requestAsBrowserSentIt(postThroughProxy(forwarded), 1);
    expect(request.url).toBe("https://keyfree.example/form");
    expect(await answer(request)).toBe(200);
  });

  it("the body still streams through the rewrite", async () => {
    const request = requestAsBrowserSentIt(postThroughProxy(forwarded), 1);
    expect(await request.text()).toBe("a=1");
  });

  it("with no trusted proxy the forwarded headers, which anyone can send, change nothing", async () => {
    const request = postThroughProxy(forwarded);
    expect(requestAsBrowserSentIt(request, 0)).toBe(request);
    expect(await answer(requestAsBrowserSentIt(postThroughProxy(forwarded), 0))).toBe(400);
  });

  it("a forwarded scheme or host that is not one is ignored", () => {
    const request = requestAsBrowserSentIt(postThroughProxy({ "x-forwarded-proto": "javascript", "x-forwarded-host": "evil.example/path" }), 1);
    expect(request.url).toBe("http://10.0.0.5:3000/form");
  });
});
