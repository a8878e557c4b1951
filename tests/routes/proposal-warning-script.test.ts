// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { LOW_OFFER_PERCENT } from "#common/claim-confirmation";
import { CLAIM_PROPOSAL_WARNINGS, claimProposalWarning, parseAmount } from "#common/claim-proposal";
import { KEEP_AMOUNT_TEXT, PROPOSAL_WARNING_IDS, proposalWarningScript } from "../../app/routes/claims/+lib/proposal-warning-script";

/**
 * The proposal page's inline script (docs/decisions/0021) runs the server's own rule in the
 * browser: run it in a DOM shaped like the page and compare what it shows with the rule.
 */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

function page(capPence: number, server?: { warning: string; warned: string }) {
  document.body.innerHTML = `
    <form method="post">
      ${server ? `<input type="hidden" name="warned" value="${server.warned}">` : ""}
      <input id="proposal-amount" name="amount" aria-describedby="proposal-amount-hint">
      <div id="${PROPOSAL_WARNING_IDS.box}" data-warning="${server?.warning ?? ""}" aria-live="polite"></div>
      <button type="submit">Save proposal</button>
    </form>`;
  // Inline scripts set through innerHTML do not run: evaluate the page's script text as the browser would.
  new Function(proposalWarningScript("proposal-amount", capPence))();
  const input = document.getElementById("proposal-amount") as HTMLInputElement;
  const box = document.getElementById(PROPOSAL_WARNING_IDS.box)!;
  const form = input.form!;
  form.addEventListener("submit", (e) => e.preventDefault());
  const leave = (value: string) => {
    input.value = value;
    input.dispatchEvent(new Event("blur"));
  };
  /** A press on Save: the pointer goes down, then the form is sent; what `warned` it carries. */
  const pressSave = (before?: () => void) => {
    document.querySelector("button")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    before?.();
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    return (form.querySelector('input[name="warned"]') as HTMLInputElement).value;
  };
  return { input, box, leave, pressSave };
}

describe("the proposal page's warning script", () => {
  it("warns on leaving the amount exactly when the server's rule does, for amounts as tenants type them", async () => {
    const cap = 18_000;
    const typed = ["0", "0.00", "£0", "", "lots", "-1", "10.555", "44.99", "45", "45.00", "£1,250", "180", "0.30000000000000004", ".5", "12"];
    for (const value of typed) {
      const { box, leave, pressSave } = page(cap);
      leave(value);
      const parsed = parseAmount(value);
      const expected = parsed.ok ? claimProposalWarning(parsed.pence, cap) : null;
      expect(box.getAttribute("data-warning"), value).toBe(expected ?? "");
      expect(box.textContent, value).toBe(expected ? CLAIM_PROPOSAL_WARNINGS[expected] + KEEP_AMOUNT_TEXT : "");
      // Save pressed after the warning was on screen keeps the amount; no warning, nothing to keep.
      await tick();
      expect(pressSave(), value).toBe(expected && parsed.ok ? String(parsed.pence) : "");
    }
    // The low-offer line is the shared 25%: 45.00 of 180.00 is exactly 25% and not low.
    expect(LOW_OFFER_PERCENT).toBe(25);
  });

  it("leaving the amount by pressing Save shows the warning but does not count as having read it", async () => {
    const { box, input, pressSave } = page(18_000);
    input.value = "0";
    // The press takes the focus from the amount: the warning appears during the press.
    expect(pressSave(() => input.dispatchEvent(new Event("blur")))).toBe("");
    expect(box.textContent).toContain("Warning! It's unlikely your offer will be accepted");
    // The next press, with the warning read, keeps the amount.
    await tick();
    expect(pressSave()).toBe("0");
    // Enter in the amount (no blur): the action decides, as without script.
    const fresh = page(18_000);
    fresh.input.value = "10";
    expect(fresh.pressSave()).toBe("");
  });

  it("describes the amount by the warning while it shows, and clears both when the amount changes", () => {
    const { input, box, leave } = page(6_000);
    leave("0");
    expect(input.getAttribute("aria-describedby")).toBe(`proposal-amount-hint ${PROPOSAL_WARNING_IDS.warning}`);
    expect(document.getElementById(PROPOSAL_WARNING_IDS.warning)?.textContent).toContain(KEEP_AMOUNT_TEXT);
    leave("10");
    expect(box.textContent).toContain("Woah! Your offer looks a little low");
    leave("30");
    expect(box.textContent).toBe("");
    expect(box.getAttribute("data-warning")).toBe("");
    expect(input.getAttribute("aria-describedby")).toBe("proposal-amount-hint");
  });

  it("takes over a warning the server showed after a Save: the same amount is kept, a changed one is checked again", async () => {
    const kept = page(18_000, { warning: "zero", warned: "0" });
    expect(document.querySelectorAll('input[name="warned"]')).toHaveLength(1);
    kept.input.value = "0";
    expect(kept.pressSave()).toBe("0");
    const changed = page(18_000, { warning: "zero", warned: "0" });
    changed.input.value = "100";
    expect(changed.pressSave()).toBe("");
    expect(proposalWarningScript("x", 1)).not.toMatch(/<\/script/i);
  });
});
