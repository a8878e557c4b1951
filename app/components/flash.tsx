import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useNonce, usePageHydrates } from "~/lib/page-delivery";

/**
 * `category` is the spec's flash key (part 1 §8, e.g. "CLAIM/PUBLISH_PROPOSAL"): which action
 * the message is about. It is kept on the element (data-category) for tests and support, not read out.
 */
export type FlashMessage = {
  message: string;
  description?: string;
  category?: string;
  type: "success" | "error" | "warning" | "info";
};

/** Spec part 1 §9: flash lifetime 5000 ms, countdown refresh every 100 ms. */
export const FLASH_LIFETIME_MS = 5000;
const TICK_MS = 100;

const LABELS: Record<FlashMessage["type"], string> = {
  success: "Success",
  error: "Error",
  warning: "Warning",
  info: "Information",
};

/**
 * The countdown on a page that loads no framework (issue 8, scope 5): a tiny inline script,
 * right after the message, doing what the component's effect does on a hydrated page. Only the
 * server renders it, so the browser's bundle leaves it out (the hydrating pages' JS budget).
 */
export const FLASH_COUNTDOWN_SCRIPT = !import.meta.env.SSR
  ? ""
  : `(function(){var f=document.currentScript.previousElementSibling;if(!f)return;\
var d=f.querySelector(".flash__dismiss"),c=document.createElement("p"),l=${FLASH_LIFETIME_MS},p=0,t;\
c.className="flash__countdown";f.insertBefore(c,d);\
function s(){c.textContent="This will disappear in "+Math.ceil(l/1000)+"s"}\
function h(){clearInterval(t);f.remove()}\
s();t=setInterval(function(){if(p)return;l-=${TICK_MS};l>0?s():h()},${TICK_MS});\
f.addEventListener("mouseenter",function(){p=1});f.addEventListener("mouseleave",function(){p=0});\
f.addEventListener("focusin",function(){p=1});f.addEventListener("focusout",function(){p=0});\
d.addEventListener("click",function(e){e.preventDefault();h()})})()`;

/**
 * A flash message at the top of the screen. Without JavaScript it stays until the tenant
 * dismisses it (a link back to this page, which no longer carries the message). With
 * JavaScript it counts down 'This will disappear in Ns' and goes after 5 s; the countdown
 * pauses while the pointer or keyboard focus is on it, so nobody loses it mid-read. On a page
 * that does not hydrate, FLASH_COUNTDOWN_SCRIPT (with the CSP nonce) does the same.
 */
export function Flash({ flash }: { flash: FlashMessage | undefined }) {
  const location = useLocation();
  const [hidden, setHidden] = useState(false);
  const [remaining, setRemaining] = useState<number | null>(null);
  const paused = useRef(false);
  const hydrates = usePageHydrates();
  const nonce = useNonce();

  useEffect(() => {
    setHidden(false);
    if (!flash) return;
    let left = FLASH_LIFETIME_MS;
    setRemaining(left);
    const timer = window.setInterval(() => {
      if (paused.current) return;
      left -= TICK_MS;
      if (left <= 0) {
        window.clearInterval(timer);
        setHidden(true);
      } else setRemaining(left);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [flash, location.key]);

  // The region is always on the page so a new message is announced; errors interrupt.
  const role = flash?.type === "error" ? "alert" : undefined;
  return (
    <div className="flash-region" aria-live="polite">
      {flash && !hidden ? (
        <div
          className={`flash flash--${flash.type}`}
          role={role}
          data-category={flash.category}
          onMouseEnter={() => (paused.current = true)}
          onMouseLeave={() => (paused.current = false)}
          onFocus={() => (paused.current = true)}
          onBlur={() => (paused.current = false)}
        >
          <p className="flash__message">
            <span className="visually-hidden">{LABELS[flash.type]}: </span>
            {flash.message}
          </p>
          {flash.description ? <p className="flash__description">{flash.description}</p> : null}
          {remaining !== null ? (
            <p className="flash__countdown">This will disappear in {Math.ceil(remaining / 1000)}s</p>
          ) : null}
          <a
            className="flash__dismiss"
            href={location.pathname + location.search}
            onClick={(event) => {
              event.preventDefault();
              setHidden(true);
            }}
          >
            Dismiss <span className="visually-hidden">message</span>
          </a>
        </div>
      ) : null}
      {flash && !hydrates ? <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: FLASH_COUNTDOWN_SCRIPT }} /> : null}
    </div>
  );
}
