/**
 * The proposal page's one piece of script (docs/decisions/0021): the soft warning of part 1 §5
 * as soon as the tenant leaves the amount, on a page that otherwise sends none (hydrating it
 * would bring the form's schema and break the 120 KB budget, decision 0019).
 *
 * It runs the very functions the server uses — `parseAmount` and `proposalWarningRule` from
 * common/claim-proposal.ts, their source inlined — so the browser and the action cannot
 * disagree. It fills the page's warning box with the same words the action shows after Save
 * and points the amount's aria-describedby at it. A Save then keeps the warned amount (the
 * hidden `warned`) only if the warning was on screen before the press or key that sent the
 * form: leaving the amount by pressing Save shows the warning and sends the form at once, and
 * that tenant has not read it, so the action answers with the warning as it does without
 * script. Without script (or in an old browser that cannot run it) the action shows the
 * warning after Save.
 */
import { LOW_OFFER_PERCENT } from "#common/claim-confirmation";
import { CLAIM_PROPOSAL_WARNINGS, parseAmount, proposalWarningRule } from "#common/claim-proposal";

/** The element ids the page and the script share. */
export const PROPOSAL_WARNING_IDS = { box: "proposal-warning-box", warning: "proposal-warning" } as const;

/** The sentence under a warning (the page's own words, decision 0019). */
export const KEEP_AMOUNT_TEXT = "To keep this amount, press Save proposal.";

/** JSON that is safe inside a script element (no "</script>", no line separators). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The inline script for the amount input `amountInputId` of an item charged `capPence`. */
export function proposalWarningScript(amountInputId: string, capPence: number): string {
  const config = scriptJson({
    input: amountInputId,
    cap: capPence,
    percent: LOW_OFFER_PERCENT,
    texts: CLAIM_PROPOSAL_WARNINGS,
    keep: KEEP_AMOUNT_TEXT,
    box: PROPOSAL_WARNING_IDS.box,
    warning: PROPOSAL_WARNING_IDS.warning,
  });
  return `(function(c){var parse=${parseAmount.toString()};var rule=${proposalWarningRule.toString()};
var i=document.getElementById(c.input),b=document.getElementById(c.box),f=i&&i.form;if(!f||!b)return;
var w=f.querySelector('input[name="warned"]'),down=0,shown=null;
if(!w){w=document.createElement("input");w.type="hidden";w.name="warned";f.appendChild(w)}
if(b.getAttribute("data-warning")&&w.value)shown={k:b.getAttribute("data-warning"),v:w.value,at:-1};
function now(){return window.performance?performance.now():Date.now()}
function read(){var r=parse(i.value),k=r.ok?rule(r.pence,c.cap,c.percent):null;return{k:k,v:k?String(r.pence):""}}
function describe(on){var ids=(i.getAttribute("aria-describedby")||"").split(" ").filter(function(x){return x&&x!==c.warning});if(on)ids.push(c.warning);i.setAttribute("aria-describedby",ids.join(" "))}
function check(){var x=read();if(shown?shown.k===x.k&&shown.v===x.v:!x.k)return;
b.textContent="";b.setAttribute("data-warning",x.k||"");describe(Boolean(x.k));shown=x.k?{k:x.k,v:x.v,at:now()}:null;if(!x.k)return;
var d=document.createElement("div");d.className="warning-text";d.id=c.warning;
[c.texts[x.k],c.keep].forEach(function(t){var p=document.createElement("p");p.textContent=t;d.appendChild(p)});b.appendChild(d)}
document.addEventListener("pointerdown",function(){down=now()},true);document.addEventListener("keydown",function(){down=now()},true);
i.addEventListener("blur",check);i.addEventListener("change",check);
f.addEventListener("submit",function(){var x=read();w.value=shown&&x.k&&shown.k===x.k&&shown.v===x.v&&shown.at<down?x.v:""})})(${config})`;
}
