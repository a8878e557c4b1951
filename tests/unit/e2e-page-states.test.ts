import { describe, expect, it } from "vitest";
import { normaliseHtml, stateKey } from "../../e2e/page-states";

/** The browser tests check each distinct page state once (e2e/page-states.ts): what may and may not make two visits the same state. */
describe("the browser tests' page-state key", () => {
  const page = (body: string) => `<!DOCTYPE html><html><head><script nonce="n0nce-abc">x()</script></head><body>${body}</body></html>`;

  it("is the same for two visits that differ only in tokens, ids, addresses and numbers", () => {
    const a = page(
      `<form><input type="hidden" name="csrf" value="Zx81_kq-9aPqRt3uVw0yBn4mLs2dCe7f"><p>Hi tenant-1a2b3c4d@keyfree.example</p>` +
        `<a href="/claims/0c6f3c1e-4a2b-4c8d-9e0f-1234567890ab">£1,250.00 due 26/11/2026</a></form>`,
    );
    const b = page(
      `<form><input type="hidden" name="csrf" value="9QwErTy_uI-oP1aSdFgHjKlZxCvBnM03"><p>Hi sam@example.test</p>` +
        `<a href="/claims/ffffffff-0000-4000-8000-000000000000">£9,999.99 due 01/02/2027</a></form>`,
    ).replace("n0nce-abc", "other-nonce");
    expect(stateKey(a, {})).toBe(stateKey(b, {}));
  });

  it("differs when any other text differs, or the options or viewport do", () => {
    const a = page("<h1>Payment Success</h1>");
    expect(stateKey(a, {})).not.toBe(stateKey(page("<h1>Payment Failed</h1>"), {}));
    expect(stateKey(a, {})).not.toBe(stateKey(page("<h1>Payment  Success</h1>"), {}));
    expect(stateKey(a, { viewport: { width: 1280, height: 720 } })).not.toBe(stateKey(a, { viewport: { width: 375, height: 667 } }));
    expect(stateKey(a, { options: {} })).not.toBe(stateKey(a, { options: { timedRedirect: true } }));
  });

  it("keeps which ids are the same: a duplicated id is not the same state as two ids that differ in a digit", () => {
    const distinct = page(`<p id="item-1">a</p><p id="item-2">b</p><a href="#item-2">b</a>`);
    const duplicated = page(`<p id="item-1">a</p><p id="item-1">b</p><a href="#item-1">b</a>`);
    const dangling = page(`<p id="item-1">a</p><p id="item-2">b</p><a href="#item-3">b</a>`);
    expect(stateKey(distinct, {})).not.toBe(stateKey(duplicated, {}));
    expect(stateKey(distinct, {})).not.toBe(stateKey(dangling, {}));
    expect(stateKey(distinct, {})).toBe(stateKey(page(`<p id="item-7">a</p><p id="item-9">b</p><a href="#item-9">b</a>`), {}));
    const labelled = page(`<label for="f-1">A</label><input id="f-1"><label for="f-2">B</label><input id="f-2">`);
    const mislabelled = page(`<label for="f-1">A</label><input id="f-1"><label for="f-1">B</label><input id="f-2">`);
    expect(stateKey(labelled, {})).not.toBe(stateKey(mislabelled, {}));
  });

  it("treats an e-mail address in a URL as one", () => {
    expect(normaliseHtml('<form action="/dev/mail?to=tenant-0a1b2c3d%40keyfree.example">')).toBe('<form action="/dev/mail?to=<email>">');
  });

  it("leaves words alone: only long tokens with letters and digits are tokens", () => {
    expect(normaliseHtml('<p class="checkout-summary-heading-wide">x</p>')).toContain("checkout-summary-heading-wide");
    expect(normaliseHtml("<p>Zx81kq9aPqRt3uVw0yBn</p>")).toBe("<p><token></p>");
    expect(normaliseHtml('<input type="text" name="postcode" value="BS1 4DJ">')).toContain('value="BS0 0DJ"');
  });
});
