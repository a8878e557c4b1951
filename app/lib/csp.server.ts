import type { CspDirective, CspSources } from "./third-parties.server";

/**
 * The Content-Security-Policy of one response (issue 26): this site's own files, inline scripts
 * only with the response's nonce, and the origins of exactly the outside services the page uses
 * (`extra`, from cspSourcesFor). A page with none names no third party at all.
 */
const BASE: Record<string, string[]> = {
  "default-src": ["'self'"],
  // Inline scripts only with this response's nonce; script files only from this site (the
  // app's chunks, the stand-in Stripe.js) and, per page, the outside services it uses.
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  // Style attributes (a few layout tweaks rendered in HTML, Stripe's iframes) but no <style>.
  "style-src-attr": ["'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "media-src": ["'self'"],
  "worker-src": ["'self'"],
  "frame-src": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

export function contentSecurityPolicy(nonce: string, extra: CspSources = {}): string {
  const directives: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(BASE)) directives[name] = [...sources];
  directives["script-src"]!.push(`'nonce-${nonce}'`);
  for (const [name, sources] of Object.entries(extra) as [CspDirective, string[]][]) {
    if (sources.length === 0) continue;
    const current = directives[name]!.filter((s) => s !== "'none'");
    directives[name] = [...new Set([...current, ...sources])];
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
