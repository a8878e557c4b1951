import { describe, expect, it } from "vitest";
import { renderText, textProblems } from "../../e2e/text-render";

/**
 * The browser tests' text check (e2e/text-render.ts): each page state rendered by w3m, as a
 * text browser shows it, and checked for what reads wrong without styles. Each rule fails on a
 * planted example of the defect issue 24 found, and passes its fixed counterpart. These run
 * w3m (Debian package w3m).
 */
const PAGE_URL = "http://localhost/checkout/about-you";

function page(main: string, { head = "", header = "" } = {}) {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Keyfree</title>${head}</head>` +
    `<body>${header}<main id="main-content"><h1>About you</h1>${main}</main></body></html>`
  );
}

const problemsOf = (html: string, url = PAGE_URL) => textProblems(html, url);

describe("renderText", () => {
  it("is w3m's dump: no styles, so visually hidden, aria-hidden and even `hidden` text shows", () => {
    const text = renderText(`<p>Keyfree <span class="visually-hidden">home</span> <span aria-hidden="true">1</span> <span hidden>later</span></p>`);
    expect(text.trim()).toBe("Keyfree home 1 later");
  });
});

describe("controls run together", () => {
  const header = (between: string) =>
    `<header><a href="/">Keyfree <span class="visually-hidden">home</span></a>${between}<a href="/auth/login">Login</a></header>`;

  it("fails on two links with nothing between (the public header's 'Keyfree homeLogin')", () => {
    expect(problemsOf(page("", { header: header("") }))).toEqual(['controls run together: "Keyfree home" + "Login" in "Keyfree homeLogin"']);
  });

  it("passes the same links with a space, or in a list", () => {
    expect(problemsOf(page("", { header: header(" ") }))).toEqual([]);
    expect(problemsOf(page(`<ul><li><a href="/">Keyfree home</a></li><li><a href="/auth/login">Login</a></li></ul>`))).toEqual([]);
  });

  it("fails on buttons, submit inputs and links side by side: 'ContinueAccept charges', 'Submit proposalCancel', 'ConfirmCancel'", () => {
    const problems = problemsOf(
      page(
        `<form method="post"><button type="submit">Continue</button><button type="submit">Accept charges</button></form>` +
          `<form method="post"><input type="submit" value="Submit proposal"><a href="/claims/1">Cancel</a></form>` +
          `<form method="post"><p><button type="submit">Confirm</button><a href="/offers/1">Cancel</a></p></form>`,
      ),
    );
    expect(problems).toEqual([
      'controls run together: "Continue" + "Accept charges" in "ContinueAccept charges"',
      'controls run together: "[Submit proposal]" + "Cancel" in "[Submit proposal]Cancel"',
      'controls run together: "Confirm" + "Cancel" in "ConfirmCancel"',
    ]);
  });

  it("passes them with a separator: a space, a line, 'or'", () => {
    const problems = problemsOf(
      page(
        `<form method="post"><button type="submit">Continue</button> <button type="submit">Accept charges</button></form>` +
          `<form method="post"><input type="submit" value="Submit proposal"> or <a href="/claims/1">Cancel</a></form>` +
          `<form method="post"><p><button type="submit">Confirm</button></p><p><a href="/offers/1">Cancel</a></p></form>`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it("fails on a control and a word touching ('Use this addressMy address is not listed', 'BS1 4DJChange')", () => {
    expect(problemsOf(page(`<div><button>Use this address</button><span>My address is not listed</span></div>`))).toEqual([
      'a control runs into the word after it: "Use this address" + "My" in "Use this addressMy address is not listed"',
    ]);
    expect(problemsOf(page(`<p><span>1 High Street, BS1 4DJ</span><a href="/change">Change</a></p>`))).toEqual([
      'a word runs into the control after it: "4DJ" + "Change" in "1 High Street, BS1 4DJChange"',
    ]);
  });

  it("fails on the labels of radios run together, and passes them one to a line", () => {
    const yes = '<label><input type="radio" name="a" value="1" checked>Yes</label>';
    const no = '<label><input type="radio" name="a" value="2">No</label>';
    expect(problemsOf(page(`<form method="post"><p>${yes}${no}</p></form>`))).toEqual(['controls run together: "(*)Yes" + "( )No" in "(*)Yes( )No"']);
    expect(problemsOf(page(`<form method="post"><div>${yes}</div><div>${no}</div></form>`))).toEqual([]);
  });

  it("leaves alone a control that shows no text, and punctuation after a link", () => {
    const icon = `<a href="/x"><svg aria-hidden="true" viewBox="0 0 1 1"></svg></a>`;
    expect(problemsOf(page(`<p>See <a href="/terms">the terms</a>. ${icon}<a href="/help">Help</a></p>`))).toEqual([]);
  });
});

describe("words glued together", () => {
  it("fails on words of two elements shown as one ('BS1 4DJCurrent address', 'ShowHide 1 document(s)')", () => {
    const address = page(`<p><span class="address">1 High Street, Bristol, BS1 4DJ</span><strong class="tag">Current address</strong></p>`);
    expect(problemsOf(address)).toEqual(['words glued together: "4DJ" + "Current" in "1 High Street, Bristol, BS1 4DJCurrent address"']);
    const toggle = page(`<p><span class="when-closed">Show</span><span class="when-open">Hide</span> 1 document(s)</p>`);
    expect(problemsOf(toggle)).toEqual(['words glued together: "Show" + "Hide" in "ShowHide 1 document(s)"']);
  });

  it("passes them apart, and a word React writes in two text nodes ('document' + 's')", () => {
    expect(problemsOf(page(`<p><span>1 High Street, Bristol, BS1 4DJ</span> <strong>Current address</strong></p>`))).toEqual([]);
    expect(problemsOf(page(`<p><span>Show</span> 2 document<!-- -->s</p>`))).toEqual([]);
  });

  it("passes numbers w3m writes itself (a list's '12.')", () => {
    const items = Array.from({ length: 12 }, (_, i) => `<li>${i % 2 === 0 ? "1" : "2"} item</li>`).join("");
    expect(problemsOf(page(`<ol>${items}</ol>`))).toEqual([]);
  });
});

describe("aria-hidden text shown", () => {
  const tracker = (number: string) =>
    page(`<nav aria-label="Checkout progress"><ol><li aria-current="step">${number}<span>About You</span><span> (current step)</span></li></ol></nav>`);

  it("fails on the step tracker's hidden digit ('1. 1About You (current step)')", () => {
    expect(problemsOf(tracker(`<span aria-hidden="true">1</span>`))).toEqual(['aria-hidden text shown: "1" in "1. 1About You (current step)"']);
    // Shown to all, the digit still runs into the step's name.
    expect(problemsOf(tracker(`<span class="step-tracker__number">1</span>`))).toEqual([
      'words glued together: "1" + "About" in "1. 1About You (current step)"',
    ]);
  });

  it("passes the tracker without it, a hidden mark or icon with no letters, and aria-hidden text that is also `hidden` or SVG", () => {
    expect(problemsOf(tracker(""))).toEqual([]);
    expect(problemsOf(tracker(`<span aria-hidden="true">✓ </span>`))).toEqual([]);
    expect(problemsOf(page(`<p><span aria-hidden="true" hidden>Later</span> <svg aria-hidden="true"><text>A</text></svg></p>`))).toEqual([]);
  });
});

describe("heading order", () => {
  const checkoutStep = (before: string, after: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Keyfree</title></head><body><main>` +
    `${before}<h1>About you</h1>${after}</main></body></html>`;
  const back = `<a href="/checkout/introduction">Back</a>`;
  const panel = `<aside><h2>Your Keyfree</h2><p>£99</p></aside>`;

  it("fails when the back link and the 'Your Keyfree' panel come before the h1", () => {
    expect(problemsOf(checkoutStep(back + panel, ""))).toEqual([
      'heading order: the link "Back", the aside "Your Keyfree" come before the h1 "About you" in main',
    ]);
    expect(problemsOf(checkoutStep(`<h2>Your Keyfree</h2>`, ""))).toEqual(['heading order: the h2 "Your Keyfree" comes before the h1 "About you" in main']);
  });

  it("fails when a panel that is no heading, 'Your Repayment Summary', comes before the h1", () => {
    const summary = `<section aria-labelledby="summary-title"><p id="summary-title">Your Repayment Summary</p><p>£50 a month</p></section>`;
    expect(problemsOf(checkoutStep(summary, ""))).toEqual(['heading order: the region "Your Repayment Summary" comes before the h1 "About you" in main']);
    expect(problemsOf(checkoutStep("", summary))).toEqual([]);
    // A region that holds the h1 is not before it.
    const whole = `<!DOCTYPE html><html lang="en"><head><title>K</title></head><body><main><section aria-labelledby="t"><h1 id="t">Payment</h1><a href="/">Back</a></section></main></body></html>`;
    expect(problemsOf(whole)).toEqual([]);
  });

  it("fails when main has no h1", () => {
    expect(problemsOf(`<!DOCTYPE html><html lang="en"><head><title>K</title></head><body><main><h2>Hello</h2></main></body></html>`)).toEqual([
      "heading order: main has no h1",
    ]);
  });

  it("passes the h1 first, the panel and the back link after it", () => {
    expect(problemsOf(checkoutStep("<p>Step 1 of 5</p>", `<p>${back}</p>${panel}`))).toEqual([]);
  });
});

describe("a wait page that cannot move", () => {
  const refresh = `<meta http-equiv="refresh" content="2;url=/checkout/referencing?since=1764190000000">`;
  const waitUrl = "http://localhost/checkout/referencing?since=1764190000000";

  it("fails on a page that refreshes itself with no link to where the refresh goes (the skip link does not count)", () => {
    const html = page(`<p>Checking your references…</p>`, { head: refresh, header: `<a href="#main-content">Skip to main content</a>` });
    expect(problemsOf(html, waitUrl)).toEqual([
      'a wait page that cannot move: it refreshes itself to /checkout/referencing?since=1764190000000 by <meta http-equiv="refresh">, ' +
        'which w3m ignores, and has no link there ("Check again")',
    ]);
  });

  it("does not read w3m's own 'Refresh (2 sec) /path?since=…' line as the page's words", () => {
    const uuidPath = "/checkout/9f1c-4a3a-b2e0/referencing";
    const html = page(`<p>4 a 3 <a href="${uuidPath}">Check again</a></p>`, { head: `<meta http-equiv="refresh" content="2;url=${uuidPath}">` });
    expect(problemsOf(html, `http://localhost${uuidPath}`)).toEqual([]);
  });

  it("passes it with a 'Check again' link to its own path, and a timed redirect with a link to where it goes", () => {
    const checkAgain = page(`<p>Checking your references…</p><p><a href="/checkout/referencing">Check again</a></p>`, { head: refresh });
    expect(problemsOf(checkAgain, waitUrl)).toEqual([]);
    const redirect = `<meta http-equiv="refresh" content="4;url=/auth/login">`;
    expect(problemsOf(page(`<p>Password changed.</p>`, { head: redirect }), "http://localhost/auth/reset-password")).toHaveLength(1);
    expect(problemsOf(page(`<p><a href="/auth/login">Log in now</a></p>`, { head: redirect }), "http://localhost/auth/reset-password")).toEqual([]);
  });
});

describe("a radio group none of whose radios is checked", () => {
  const reasons = (fieldsetAttributes: string, checked: string) =>
    page(
      `<form method="post"><fieldset${fieldsetAttributes}><legend>Why are you rejecting the offer?</legend>` +
        `<div><input type="radio" id="r1" name="reason" value="expensive"${checked}><label for="r1">It's too expensive</label></div>` +
        `<div><input type="radio" id="r2" name="reason" value="other"><label for="r2">Other</label></div>` +
        `</fieldset><button type="submit">Reject offer</button></form>`,
    );

  it("fails on the offer's rejection reasons with none ticked (Lynx shows the first as chosen)", () => {
    expect(problemsOf(reasons("", ""))).toEqual([
      `a radio group with none checked: "reason"; Lynx shows the first, "It's too expensive", as chosen and sends it ` +
        "if the question is skipped (check one, or use a select with an empty first option)",
    ]);
  });

  it('passes a group with one checked, one marked data-text-browsers="no-default", or a select with an empty first option', () => {
    expect(problemsOf(reasons("", " checked"))).toEqual([]);
    expect(problemsOf(reasons(' data-text-browsers="no-default"', ""))).toEqual([]);
    const select =
      `<form method="post"><label for="reason">Why are you rejecting the offer?</label> <select id="reason" name="reason">` +
      `<option value="">Choose a reason</option><option value="expensive">It's too expensive</option></select> ` +
      `<button type="submit">Reject offer</button></form>`;
    expect(problemsOf(page(select))).toEqual([]);
  });

  it("keeps groups of the same name in two forms apart", () => {
    const form = (checked: string) => `<form method="post"><div><label><input type="radio" name="a" value="1"${checked}>Yes</label></div></form>`;
    expect(problemsOf(page(form(" checked") + form("")))).toHaveLength(1);
  });
});
