/**
 * The one rule for a redirect target that comes from input (`?redirectTo=` on the login form,
 * a path of the request itself): only a path on this site, after normalising, or the fallback
 * (issue 23, scope 2; OWASP ASVS 5.0 V1.5 / V3.7). Anything a browser could read as another
 * site, or that would not fit in a Location header, falls back:
 *
 * - it must start with one `/` (no scheme, no `//` or `/\` that a browser reads as `//host`);
 * - no control character or whitespace of any kind (a browser drops a tab or newline, so
 *   `/<TAB>/evil` is `//evil`; a newline or U+3000 cannot go in a header), nor a backslash;
 *   in the path not even percent-encoded, nor an encoded slash (`%2F`, `%252F`…): at no level
 *   of decoding may the path turn into something else (the query may hold encoded data);
 * - resolved against a stand-in origin, it must stay on that origin and not become `//…`
 *   (`/.//evil` resolves to `//evil`).
 *
 * The answer is the resolved path, query and fragment, percent-encoded as a URL writes it, so a
 * non-ASCII character cannot break the Location header either.
 */
const STAND_IN_ORIGIN = "http://same-origin.invalid";

/** Longer than any path of ours; a longer "path" is not one. */
const MAX_TARGET_LENGTH = 2048;

/** Control characters (C0, DEL, C1), every Unicode space and line or paragraph separator, and the BOM. */
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]/;

/** A percent-encoded slash or backslash, however many times its `%` was encoded again (`%2F`, `%252F`, `%25252f`…). */
const ENCODED_SLASH = /%(?:25)*(?:2f|5c)/i;

/** At most this many levels of percent-encoding are undone while checking; a deeper one is refused. */
const MAX_DECODING_DEPTH = 4;

/** The path's own characters: the part before any query or fragment, which a browser resolves as a location. */
function pathPart(value: string): string {
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}

/**
 * True when the target's path, at any level of percent-decoding, holds a control character or
 * whitespace, a backslash or an encoded slash, or begins `//`; or when its query or fragment holds
 * such a character raw (encoded there, `?postcode=LS1%201AA`, it is only data).
 */
function unsafe(value: string): boolean {
  const path = pathPart(value);
  const rest = value.slice(path.length);
  return CONTROL_OR_SPACE.test(rest) || rest.includes("\\") || unsafeAtAnyLevel(path);
}

function unsafeAtAnyLevel(value: string): boolean {
  let level = value;
  for (let depth = 0; depth <= MAX_DECODING_DEPTH; depth += 1) {
    if (CONTROL_OR_SPACE.test(level) || level.includes("\\") || level.startsWith("//") || ENCODED_SLASH.test(level)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(level);
    } catch {
      // A `%` not followed by two hex digits: not a path this site wrote.
      return true;
    }
    if (decoded === level) return false;
    level = decoded;
  }
  return true;
}

/** `value` as a same-origin path to redirect to, or `fallback` (the home page unless given). */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_TARGET_LENGTH) return fallback;
  if (!value.startsWith("/") || unsafe(value)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, STAND_IN_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== STAND_IN_ORIGIN) return fallback;
  const target = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Dot segments resolved may have made a `//` (`/.//evil`), and a URL writes some characters its own way: check again.
  if (!target.startsWith("/") || unsafe(target)) return fallback;
  return target;
}
