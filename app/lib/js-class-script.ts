/**
 * The first thing a page that sends script runs, inline in its head (with the CSP nonce), before
 * anything is painted: `js` on <html>, so the stylesheet hides what only a page without script
 * should show (`.no-script-message`: 'Card details need JavaScript'), never painted, never read
 * while the card form loads (issue 24). If the app's script fails (a file that does not load, an
 * error before the page hydrates, or no hydration within 20 s), the class goes again and the
 * message shows after all: the tenant is told what to do rather than left with nothing (an outside
 * tool's script, marked data-third-party, that the browser blocks is not the app failing). Pages
 * that send no script do not get it (root.tsx), and there the message shows as it is.
 * Its own module: web-server.ts loads page-delivery.ts outside Vite, where import.meta.env is not set.
 */
export const JS_CLASS_SCRIPT = !import.meta.env.SSR
  ? "" // the server's render writes it; the browser keeps what it was sent (not in the bundle's budget)
  : `(function(h){h.classList.add("js");\
function f(){if(h.dataset.hydrated!=="true")h.classList.remove("js")}\
addEventListener("error",function(e){var t=e.target;if(t===window||t&&(t.tagName==="SCRIPT"&&!t.hasAttribute("data-third-party")||t.tagName==="LINK"))f()},true);\
addEventListener("unhandledrejection",f);setTimeout(f,20000)})(document.documentElement)`;
