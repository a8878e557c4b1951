/**
 * Host code (web-server.ts): the request React Router sees, as the browser sent it. Not in app/:
 * the web app reads a request's body only through readForm (tests/unit/read-form-only.test.ts),
 * and this hands the body on to a new Request unread.
 */
const FORWARDED_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The request with the URL the browser used. Behind a trusted proxy (`hops` > 0) that ends
 * HTTPS, the server sees `http://` and perhaps an inner host name, while the browser's Origin
 * says `https://keyfree.example`; React Router refuses a form post whose Origin does not match
 * the request's URL (a 400 on every post). So the scheme and host are taken from
 * X-Forwarded-Proto and X-Forwarded-Host (the first value: what the outermost proxy, which must
 * set them, saw). With no trusted proxy they are ignored, as anyone can send them.
 */
export function requestAsBrowserSentIt(request: Request, hops: number): Request {
  if (hops === 0) return request;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const url = new URL(request.url);
  if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
  if (host && FORWARDED_HOST.test(host)) {
    // The host setter keeps the old port when the new host names none.
    url.port = "";
    url.host = host;
  }
  if (url.href === request.url) return request;
  return new Request(url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit);
}
