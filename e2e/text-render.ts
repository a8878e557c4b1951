import { spawnSync } from "node:child_process";
import { JSDOM } from "jsdom";

/**
 * A page as a text browser reads it: the server's HTML (no script runs, no style applies)
 * rendered by w3m (Debian package `w3m`), then checked for what reads wrong without styles.
 * Lynx and w3m show everything in the HTML: visually hidden text, `aria-hidden` text, even
 * `hidden` elements; they ignore CSS layout, so two things set apart only by CSS run together.
 *
 * textProblems(html, url) returns one line per problem, each naming the defect and quoting the
 * text around it; none means the page reads right. The rules:
 *
 * - controls run together: two controls (links, buttons, submit inputs, summaries, the labels
 *   of radios and checkboxes) with nothing between them, "Keyfree homeLogin"; or a control
 *   and a word, "BS1 4DJChange".
 * - words glued together: a word shown that the page never has, made of words from two
 *   different elements, "4DJCurrent", "ShowHide".
 * - aria-hidden text shown: letters or digits inside `aria-hidden="true"` that the text browser
 *   shows anyway ("1. 1About You"). Inside `hidden` or SVG is left alone.
 * - heading order: inside `main`, the h1 comes first: no link, button, other heading or named
 *   region (an aside, a labelled section: a panel such as "Your Repayment Summary") before it.
 * - a wait page that cannot move: a page with `<meta http-equiv="refresh">` (which w3m ignores)
 *   has a link to where the refresh goes (to its own path when it reloads itself: "Check again").
 * - a radio group none of whose radios is checked: Lynx shows the first as chosen and sends it
 *   if the tenant skips the question. Check one, or give the question another form (a `<select>`
 *   whose first option is empty). Where the page's author has decided that Lynx sending the
 *   first radio is harmless (say why beside it), `data-text-browsers="no-default"` on the
 *   group's fieldset says so and the rule passes the group: NO_DEFAULT below.
 *
 * How: a copy of the page gets private marks (Unicode private-use characters, which w3m passes
 * through and no page of ours contains) at the start and end of each control and each
 * aria-hidden element; w3m renders it once; the marks then show where controls meet and what
 * of an aria-hidden element was shown. The other rules read the page's HTML.
 */

export const W3M = process.env.W3M_BIN ?? "/usr/bin/w3m";

/** The attribute, on a radio group's fieldset, that says the group is left unchecked on purpose. */
export const NO_DEFAULT = 'data-text-browsers="no-default"';

const CONTROL_START = "\uE000";
const CONTROL_END = "\uE001";
const HIDDEN_START = "\uE002";
const HIDDEN_END = "\uE003";
const MARKS = /[\uE000-\uE003]/g;

/** A letter or digit (any script): what makes two things touching read as one word. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
const WORDS = /[\p{L}\p{N}]+/gu;

/** Links, buttons, summaries and the inputs that are buttons (found by `isControl`). */
const CONTROLS = "a, button, summary, input";
const BUTTON_INPUTS = new Set(["submit", "button", "reset", "image"]);

function isControl(element: Element): boolean {
  return element.tagName !== "INPUT" || BUTTON_INPUTS.has((element as HTMLInputElement).type);
}

/** The page as `w3m -dump` shows it, 80 columns wide. */
export function renderText(html: string): string {
  const result = spawnSync(W3M, ["-dump", "-T", "text/html", "-cols", "80", "-I", "UTF-8", "-O", "UTF-8"], {
    input: html,
    encoding: "utf8",
    timeout: 20_000,
  });
  if (result.error) throw new Error(`w3m did not run (${W3M}, Debian package w3m): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`w3m failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** What reads wrong in a text browser on the page `html` (sent from `url`); none when it reads right. */
export function textProblems(html: string, url: string): string[] {
  const dom = new JSDOM(html, { url });
  const document = dom.window.document;
  for (const script of document.querySelectorAll("script")) script.remove();

  const problems = [...headingOrder(document), ...waitWithoutLink(document, url), ...radiosWithoutDefault(document)];
  const pageWords = wordsOfThePage(document);

  markControlsAndHidden(document);
  // w3m writes a refresh as its first line ("Refresh (2 sec) /checkout/…"): not the page's text.
  const shown = renderText(dom.serialize()).replace(/^Refresh \(\d+ sec\).*\n/, "");
  problems.push(...ariaHiddenShown(shown), ...controlsRunTogether(shown), ...gluedWords(shown, pageWords));
  return problems;
}

// --- Heading order ---------------------------------------------------------------------------

/** Headings, controls and named regions (a panel beside the page: "Your Keyfree", "Your Repayment Summary"). */
const BEFORE_THE_H1 = `h1, h2, h3, h4, h5, h6, ${CONTROLS}, aside, section[aria-labelledby], section[aria-label], [role="region"], [role="complementary"]`;
const isRegion = (e: Element) => !/^H[1-6]$/.test(e.tagName) && !e.matches(CONTROLS);

function headingOrder(document: Document): string[] {
  const main = document.querySelector("main");
  if (!main) return [];
  const items = inDocumentOrder(main.querySelectorAll(BEFORE_THE_H1)).filter((e) => isControl(e) && (e.tagName !== "A" || e.hasAttribute("href")));
  const h1 = items.findIndex((e) => e.tagName === "H1");
  if (h1 === -1) return ["heading order: main has no h1"];
  const theH1 = items[h1]!;
  // What holds the h1 is not before it; a region before it is named once, not again for each
  // heading or link inside it.
  const before = items
    .slice(0, h1)
    .filter((e) => !e.contains(theH1))
    .filter((e, _i, all) => !all.some((region) => region !== e && isRegion(region) && region.contains(e)));
  if (before.length === 0) return [];
  return [`heading order: ${before.map(describe).join(", ")} ${before.length === 1 ? "comes" : "come"} before the h1 ${quote(theH1.textContent)} in main`];
}

function describe(element: Element): string {
  const tag = element.tagName.toLowerCase();
  if (isRegion(element)) return `the ${tag === "aside" ? "aside" : "region"} ${quote(regionName(element))}`;
  const text = quote(element.textContent || element.getAttribute("value"));
  if (/^h[1-6]$/.test(tag)) return `the ${tag} ${text}`;
  if (tag === "a") return `the link ${text}`;
  if (tag === "summary") return `the summary ${text}`;
  return `the button ${text}`;
}

/** A region's name: its label, else its first heading, else the start of its text. */
function regionName(region: Element): string {
  const labelledBy = region.getAttribute("aria-labelledby");
  const label = labelledBy
    ?.split(/\s+/)
    .map((id) => region.ownerDocument.getElementById(id)?.textContent ?? "")
    .join(" ");
  return label || region.getAttribute("aria-label") || region.querySelector("h1, h2, h3, h4, h5, h6")?.textContent || region.textContent || "";
}

/** jsdom's selector engine does not always give a selector list's matches in document order. */
function inDocumentOrder(elements: Iterable<Element>): Element[] {
  return [...elements].sort((a, b) => (a.compareDocumentPosition(b) & 4 /* b follows a */ ? -1 : 1));
}

// --- A wait page that cannot move ------------------------------------------------------------

function waitWithoutLink(document: Document, url: string): string[] {
  const refresh = [...document.querySelectorAll("meta[http-equiv]")].find((m) => m.getAttribute("http-equiv")?.toLowerCase() === "refresh");
  if (!refresh) return [];
  // content="2;url=/checkout/referencing?since=…", or just "2" (reload the page itself).
  const target = /url\s*=\s*['"]?([^'"]*)/i.exec(refresh.getAttribute("content") ?? "")?.[1]?.trim();
  const to = new URL(target || url, url);
  const linked = [...document.querySelectorAll("a[href]")].some((a) => {
    const href = a.getAttribute("href")!;
    if (href.startsWith("#")) return false; // the skip link and the like: same path, but no move
    const link = new URL(href, url);
    return link.origin === to.origin && link.pathname === to.pathname;
  });
  if (linked) return [];
  return [
    `a wait page that cannot move: it refreshes itself to ${to.pathname}${to.search} by <meta http-equiv="refresh">, which w3m ignores, ` +
      `and has no link there ("Check again")`,
  ];
}

// --- Radio groups with none checked ----------------------------------------------------------

function radiosWithoutDefault(document: Document): string[] {
  // A group is the radios of one name in one form.
  const groups = new Map<HTMLFormElement | null, Map<string, HTMLInputElement[]>>();
  for (const input of document.querySelectorAll<HTMLInputElement>("input[name]")) {
    if (input.type !== "radio") continue;
    const byName = groups.get(input.form) ?? new Map<string, HTMLInputElement[]>();
    groups.set(input.form, byName);
    byName.set(input.name, [...(byName.get(input.name) ?? []), input]);
  }
  const problems: string[] = [];
  for (const byName of groups.values()) {
    for (const [name, radios] of byName) {
      if (radios.some((r) => r.hasAttribute("checked"))) continue;
      if (radios.some((r) => r.closest(`fieldset[${NO_DEFAULT}]`))) continue;
      const first = radios[0]!;
      const label = first.labels?.[0]?.textContent ?? first.value;
      problems.push(
        `a radio group with none checked: "${name}"; Lynx shows the first, ${quote(label)}, as chosen and sends it ` +
          `if the question is skipped (check one, or use a select with an empty first option)`,
      );
    }
  }
  return problems;
}

// --- Marks for what w3m shows ----------------------------------------------------------------

/** The labels of radios and checkboxes are controls too: "( )First(*)Second" runs together. */
function isChoiceLabel(element: Element): boolean {
  if (element.tagName !== "LABEL") return false;
  const control = (element as HTMLLabelElement).control as HTMLInputElement | null;
  return control?.tagName === "INPUT" && (control.type === "radio" || control.type === "checkbox");
}

function markControlsAndHidden(document: Document) {
  const wrap = (element: Element, start: string, end: string) => {
    // A void element (an input) is marked beside it; anything else inside, around its content.
    if (element.tagName === "INPUT" || element.tagName === "IMG") {
      element.before(start);
      element.after(end);
    } else {
      element.prepend(start);
      element.append(end);
    }
  };
  for (const control of document.querySelectorAll(`${CONTROLS}, label`)) {
    if (control.tagName === "LABEL" ? !isChoiceLabel(control) : !isControl(control)) continue;
    wrap(control, CONTROL_START, CONTROL_END);
  }
  for (const hidden of document.querySelectorAll('[aria-hidden="true"]')) {
    // The outermost only; text inside `hidden` or SVG is left alone.
    if (hidden.parentElement?.closest('[aria-hidden="true"], [hidden], svg') || hidden.closest("[hidden], svg")) continue;
    wrap(hidden, HIDDEN_START, HIDDEN_END);
  }
}

// --- aria-hidden text shown ------------------------------------------------------------------

function ariaHiddenShown(shown: string): string[] {
  const problems: string[] = [];
  for (const match of shown.matchAll(/\uE002([^\uE003]*)\uE003/g)) {
    const text = match[1]!.replace(MARKS, "");
    if (WORD_CHAR.test(text)) problems.push(`aria-hidden text shown: ${quote(text)} in ${lineAround(shown, match.index)}`);
  }
  return problems;
}

// --- Controls run together -------------------------------------------------------------------

/** What may stand between two controls and still leave them touching: w3m's brackets around a submit input ("[Send]"), and marks. */
const NOTHING_BETWEEN = /[[\]\uE000-\uE003]/;

function controlsRunTogether(marked: string): string[] {
  // A control that shows nothing (an icon with no text) touches nothing: take it out first.
  let shown = marked;
  for (let before = ""; before !== shown;) {
    before = shown;
    shown = shown.replace(/\uE000([^\uE000\uE001\p{L}\p{N}]*)\uE001/gu, (_m, inner: string) => inner.replace(/\S/g, ""));
  }
  const problems = new Map<number, string>();
  for (let i = 0; i < shown.length; i += 1) {
    if (shown[i] === CONTROL_END) {
      // What follows the control, past w3m's brackets and other marks.
      let j = i + 1;
      let nextControl = false;
      for (; j < shown.length && NOTHING_BETWEEN.test(shown[j]!); j += 1) if (shown[j] === CONTROL_START) nextControl = true;
      if (nextControl) problems.set(j, `controls run together: ${touching(shown, controlBefore(shown, i), controlAfter(shown, i + 1))}`);
      else if (WORD_CHAR.test(shown[j] ?? ""))
        problems.set(j, `a control runs into the word after it: ${touching(shown, controlBefore(shown, i), wordAfter(shown, j))}`);
    } else if (shown[i] === CONTROL_START) {
      // What comes before the control, past brackets and marks.
      let j = i - 1;
      let previousControl = false;
      for (; j >= 0 && NOTHING_BETWEEN.test(shown[j]!); j -= 1) if (shown[j] === CONTROL_END) previousControl = true;
      if (!previousControl && WORD_CHAR.test(shown[j] ?? ""))
        problems.set(i, `a word runs into the control after it: ${touching(shown, wordBefore(shown, j + 1), controlAfter(shown, i))}`);
    }
  }
  return [...problems.values()];
}

type Span = { start: number; end: number };
/** The shown text of the control ending at `end` (its end mark). */
const controlBefore = (text: string, end: number): Span => ({ start: Math.max(text.lastIndexOf(CONTROL_START, end), lineStart(text, end)), end });
/** The shown text of the control starting at or after `start`. */
const controlAfter = (text: string, start: number): Span => {
  const end = text.indexOf(CONTROL_END, start);
  return { start, end: Math.min(end === -1 ? text.length : end, lineEnd(text, start)) };
};
const wordBefore = (text: string, end: number): Span => ({
  start: end - (/[\p{L}\p{N}]+$/u.exec(text.slice(lineStart(text, end), end))?.[0].length ?? 0),
  end,
});
const wordAfter = (text: string, start: number): Span => ({ start, end: start + (/^[\p{L}\p{N}]+/u.exec(text.slice(start))?.[0].length ?? 0) });
const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const lineEnd = (text: string, at: number) => (text.indexOf("\n", at) + 1 || text.length + 1) - 1;

/** `"Keyfree home" + "Login" in "Keyfree homeLogin"`. */
function touching(text: string, left: Span, right: Span): string {
  return `${quote(text.slice(left.start, left.end))} + ${quote(text.slice(right.start, right.end))} in ${lineAround(text, right.start)}`;
}

// --- Words glued together --------------------------------------------------------------------

/**
 * Every word of the page's text, each element's text read as one run (React writes `{count}
 * document{s}` as two text nodes with a comment between: one word, not two), with the alt text
 * and input values w3m shows too.
 */
function wordsOfThePage(document: Document): Set<string> {
  const words = new Set<string>();
  const add = (text: string | null) => {
    for (const word of text?.match(WORDS) ?? []) words.add(word);
  };
  for (const element of document.querySelectorAll("*")) {
    let run = "";
    for (const child of element.childNodes) {
      if (child.nodeType === child.TEXT_NODE) run += child.nodeValue ?? "";
      else if (child.nodeType !== child.COMMENT_NODE) {
        add(run);
        run = "";
      }
    }
    add(run);
    add(element.getAttribute("alt"));
    if (element.tagName === "INPUT" && (element as HTMLInputElement).type !== "hidden") add(element.getAttribute("value"));
  }
  return words;
}

/** `word` as two or more words of the page (as few as can be), if it is that. */
function splitIntoWords(word: string, pageWords: Set<string>): string[] | undefined {
  // best[i]: the fewest page words that make word.slice(0, i).
  const best: Array<string[] | undefined> = [[]];
  for (let end = 1; end <= word.length; end += 1) {
    for (let start = 0; start < end; start += 1) {
      const head = best[start];
      const part = word.slice(start, end);
      if (head && pageWords.has(part) && (!best[end] || best[end]!.length > head.length + 1)) best[end] = [...head, part];
    }
  }
  const parts = best[word.length];
  return parts && parts.length >= 2 ? parts : undefined;
}

function gluedWords(marked: string, pageWords: Set<string>): string[] {
  const problems = new Map<string, string>();
  for (const match of marked.matchAll(/[\p{L}\p{N}\uE000-\uE003]+/gu)) {
    const raw = match[0];
    // Where a control meets a word, "controls run together" has said so; where aria-hidden text
    // meets one, "aria-hidden text shown" has.
    if (/[\p{L}\p{N}][\uE000-\uE003]+[\p{L}\p{N}]/u.test(raw)) continue;
    const word = raw.replace(MARKS, "");
    // Digits alone ("12" from "1" and "2") are numbers w3m writes itself, such as a list's.
    if (word === "" || pageWords.has(word) || problems.has(word) || /^\p{N}+$/u.test(word)) continue;
    const parts = splitIntoWords(word, pageWords);
    if (parts) problems.set(word, `words glued together: ${parts.map((p) => `"${p}"`).join(" + ")} in ${lineAround(marked, match.index)}`);
  }
  return [...problems.values()];
}

// --- Quoting ---------------------------------------------------------------------------------

/** The shown line around position `at` (w3m's lines are at most 80 characters), marks taken out. */
function lineAround(text: string, at: number): string {
  return quote(text.slice(lineStart(text, at), lineEnd(text, at)));
}

function quote(text: string | null | undefined): string {
  const flat = (text ?? "").replace(MARKS, "").replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 77)}…` : flat);
}
