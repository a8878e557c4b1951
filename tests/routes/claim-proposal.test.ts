import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  CLAIM_PROPOSAL_WARNINGS,
  claimProposalWarning,
  counterProposalCeilingMessage,
  parseAmount,
} from "#common/claim-proposal";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: {
    isProduction: false,
    sessionSecrets: ["test-session-secret-0123456789-abcdef"],
    maintenanceMode: false,
  },
}));
const { apiContext, ApiFailure } = await import("../../app/lib/api.server");
const { claimContext } = await import("../../app/routes/claims/+lib/claims.server");
const { flash } = await import("../../app/lib/session.server");
const { claimProposalSchema, proposalItemView, titleCaseType, PROPOSAL_MESSAGES } = await import("../../app/routes/claims/+lib/claim-proposal");
const { maxBodyBytes, UPLOAD_BODY_MAX_BYTES } = await import("../../app/lib/body-limit.server");
const page = await import("../../app/routes/claims/proposal");
const supporting = await import("../../app/routes/claims/supporting-information");
const evidencePage = await import("../../app/routes/claims/item-evidence");

/** Field → messages of the schema's refusal. */
function errorsOf(cap: number, input: Record<string, unknown>) {
  const parsed = claimProposalSchema(cap).safeParse(input);
  const flat: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (flat[issue.path.join(".")] ??= []).push(issue.message);
  return flat;
}

describe("the tenant proposal form (part 1 §5)", () => {
  const reason = "The carpet was already worn";

  it("reasoning: 'You must provide reasoning for your new proposal for this item'", () => {
    const message = "You must provide reasoning for your new proposal for this item";
    expect(errorsOf(18_000, { amount: "50" })).toEqual({ explanation: [message] });
    expect(errorsOf(18_000, { amount: "50", explanation: "   " })).toEqual({ explanation: [message] });
  });

  it.each([
    [undefined, "Required"],
    ["", "Required"],
    ["  ", "Required"],
    ["lots", "Amount must be a number"],
    ["1e3", "Amount must be a number"],
    ["12.3.4", "Amount must be a number"],
    ["-1", "Amount must be 0 or more"],
    ["10.505", "Item amount must have a maximum of two decimal places"],
    ["0.30000000000000004", "Item amount must have a maximum of two decimal places"],
  ])("amount %j: %s", (amount, message) => {
    expect(errorsOf(18_000, { amount, explanation: reason })).toEqual({ amount: [message] });
  });

  it("the cap quotes the agent's amount in pounds: 'New offer cannot exceed the charges raised (£180.00).'", () => {
    expect(errorsOf(18_000, { amount: "180.01", explanation: reason })).toEqual({
      amount: ["New offer cannot exceed the charges raised (£180.00)."],
    });
    expect(errorsOf(123_456, { amount: "1234.57", explanation: reason })).toEqual({
      amount: ["New offer cannot exceed the charges raised (£1,234.56)."],
    });
    expect(counterProposalCeilingMessage(30)).toBe("New offer cannot exceed the charges raised (£0.30).");
    expect(errorsOf(18_000, { amount: "180", explanation: reason })).toEqual({});
  });

  it("converts pounds to pence from the text, without floating point (0.1 + 0.2 is 30p, 1.15 is 115p)", () => {
    const value = (amount: string) => claimProposalSchema(1_000_000).parse({ amount, explanation: reason }).amount;
    expect(value("0.3")).toBe(30);
    expect(value("0.30")).toBe(30);
    expect(value(".29")).toBe(29);
    expect(value("1.15")).toBe(115);
    expect(value("£1,250.50")).toBe(125_050);
    expect(value("0")).toBe(0);
    // The cap is compared in pence: 0.1 + 0.2 typed as 0.30 is exactly a 30p cap.
    expect(errorsOf(30, { amount: "0.30", explanation: reason })).toEqual({});
    expect(errorsOf(30, { amount: "0.31", explanation: reason })).toEqual({
      amount: ["New offer cannot exceed the charges raised (£0.30)."],
    });
    expect(parseAmount("-0")).toEqual({ ok: true, pence: 0 });
  });

  it("warns at £0 and below 25% of the agent's amount, not at exactly 25%", () => {
    expect(claimProposalWarning(0, 18_000)).toBe("zero");
    expect(claimProposalWarning(4_499, 18_000)).toBe("low");
    expect(claimProposalWarning(4_500, 18_000)).toBeNull();
    expect(claimProposalWarning(18_000, 18_000)).toBeNull();
    expect(CLAIM_PROPOSAL_WARNINGS.zero).toBe(
      "Warning! It's unlikely your offer will be accepted, unless this charge is incorrect. Please consider a proposal which covers a portion of the cost",
    );
    expect(CLAIM_PROPOSAL_WARNINGS.low).toBe(
      "Woah! Your offer looks a little low. We recommend double checking the reason for the charge and consider entering a higher amount, to increase the chances of your proposal being accepted",
    );
  });

  it("title-cases the item type", () => {
    expect(titleCaseType("CLEANING")).toBe("Cleaning");
    expect(titleCaseType("RENT_ARREARS")).toBe("Rent Arrears");
  });

  it("the evidence and upload paths take files up to 30 MB; the proposal form itself does not", () => {
    expect(maxBodyBytes("/claims/c1/items/i1/proposal")).toBeLessThan(UPLOAD_BODY_MAX_BYTES);
    for (const path of ["/claims/c1/items/i1/evidence", "/claims/c1/items/i1/documents", "/claims/c1/supporting-information", "/claims/c1/response-documents"]) {
      expect(maxBodyBytes(path)).toBe(UPLOAD_BODY_MAX_BYTES);
    }
  });
});

// ── The page's action ─────────────────────────────────────────────────────────────

const evidence = (id: string, extra: object = {}) => ({
  id,
  name: `${id}.pdf`,
  url: `/documents/${id}`,
  uploadedByCurrentUser: true,
  claimItemProposalId: null,
  ...extra,
});

function claimWith(options: { draft?: "none" | "empty" | "withItem"; allowed?: string[]; canRespond?: boolean } = {}) {
  const draft = options.draft ?? "none";
  const proposals = [
    { id: "p1", itemProposals: [{ id: "ip1", claimItemId: "i1", amount: 18_000, explanation: "Clean" }] },
    ...(draft === "none"
      ? []
      : [{ id: "d1", itemProposals: draft === "withItem" ? [{ id: "ip2", claimItemId: "i1", amount: 9_000, explanation: "Half" }] : [] }]),
  ];
  return {
    id: "c1",
    canRespond: options.canRespond ?? true,
    allowedActions: options.allowed ?? (draft === "none" ? ["accept", "counter"] : ["accept"]),
    tenantDraftProposalId: draft === "none" ? null : "d1",
    currentProposalId: "p1",
    items: [
      {
        id: "i1",
        description: "Carpet cleaning",
        type: "CLEANING",
        currentAmount: 18_000,
        tenantEvidence: [
          evidence("mine"),
          evidence("attached", { claimItemProposalId: draft === "withItem" ? "ip2" : "old" }),
          evidence("theirs", { uploadedByCurrentUser: false }),
        ],
      },
    ],
    proposals,
    responseDocuments: [
      { id: "r1", name: "r1.pdf", url: "/documents/r1", uploadedByCurrentUser: true },
      { id: "r2", name: "r2.pdf", url: "/documents/r2", uploadedByCurrentUser: false },
    ],
  };
}

type Call = { method: string; path: string; init: { params?: { path?: Record<string, string> }; body?: unknown } };

function contextFor(claim: ReturnType<typeof claimWith>, fail?: ApiFailureLike) {
  const context = new RouterContextProvider();
  const calls: Call[] = [];
  const method = (name: string) =>
    vi.fn(async (path: string, init: Call["init"]) => {
      calls.push({ method: name, path, init });
      if (fail) throw new ApiFailure(fail.status, fail.message);
      return {};
    });
  context.set(apiContext, { GET: method("GET"), POST: method("POST"), PUT: method("PUT"), DELETE: method("DELETE") } as never);
  context.set(claimContext, claim as never);
  return { context, calls };
}
type ApiFailureLike = { status: number; message: string };

const ROUTE_URLS = {
  proposal: "http://localhost/claims/c1/items/i1/proposal",
  evidence: "http://localhost/claims/c1/items/i1/evidence",
  supporting: "http://localhost/claims/c1/supporting-information",
} as const;

function post(context: RouterContextProvider, body: Record<string, string | File>, route: keyof typeof ROUTE_URLS = "proposal") {
  const url = new URL(ROUTE_URLS[route]);
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.set(name, value);
  const request = new Request(url, { method: "POST", body: form });
  return { request, url, params: { claimId: "c1", claimItemId: "i1" }, context } as never;
}

/** The flash a redirect leaves: its type, message and category (part 1 §8's key). */
async function flashOf(response: Response) {
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  const { toast } = await flash.getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast as { type: string; message: string; category?: string } | undefined;
}

type Reply = { data: { result?: { error?: Record<string, string[] | null> }; warning?: string; warnedPence?: number; category?: string; uploadError?: string }; init: { status: number } };

describe("'Provide a new proposal': the item's view", () => {
  it("prefills the tenant's own item proposal and lists only their evidence not in a submitted proposal", () => {
    const view = proposalItemView(claimWith({ draft: "withItem" }) as never, "i1")!;
    expect(view.itemProposal).toMatchObject({ id: "ip2", amount: 9_000 });
    expect(view.documents.map((d) => d.id)).toEqual(["mine", "attached"]);
    expect(proposalItemView(claimWith() as never, "i1")!.documents.map((d) => d.id)).toEqual(["mine"]);
    expect(proposalItemView(claimWith() as never, "nope")).toBeNull();
  });
});

describe("'Provide a new proposal': saving (part 1 §4.1, §5, §8)", () => {
  const valid = { intent: "save", amount: "90.50", explanation: "The carpet was already worn" };

  it("without a draft: createCounterProposal starts it with the item (pence, reasoning, the tenant's evidence), then back to the item with a flash", async () => {
    const { context, calls } = contextFor(claimWith());
    const response = (await page.action(post(context, valid))) as Response;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/claims/{claimId}/counter-proposals",
      init: { body: { claimItemId: "i1", amount: 9_050, explanation: "The carpet was already worn", documentIds: ["mine"] } },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/claims/c1#item-i1");
    expect(await flashOf(response)).toMatchObject({ type: "success", message: PROPOSAL_MESSAGES.saved, category: "CLAIM/COUNTER_TENANT_PROPOSAL" });
  });

  it("with a draft: createClaimItemProposal for a new item, updateClaimItemProposal for the tenant's own", async () => {
    const created = contextFor(claimWith({ draft: "empty" }));
    const first = (await page.action(post(created.context, valid))) as Response;
    expect(created.calls[0]).toMatchObject({ method: "POST", path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals", init: { params: { path: { claimId: "c1", claimProposalId: "d1" } } } });
    expect(await flashOf(first)).toMatchObject({ category: "CLAIM/CREATE_ITEM_PROPOSAL" });

    const updated = contextFor(claimWith({ draft: "withItem" }));
    const second = (await page.action(post(updated.context, valid))) as Response;
    expect(updated.calls[0]).toMatchObject({
      method: "PUT",
      path: "/claims/{claimId}/proposals/{claimProposalId}/item-proposals/{claimItemProposalId}",
      init: { params: { path: { claimItemProposalId: "ip2" } }, body: { documentIds: ["mine", "attached"] } },
    });
    expect(await flashOf(second)).toMatchObject({ type: "success", category: "CLAIM/UPDATE_ITEM_PROPOSAL" });
  });

  it("a refused form comes back with its messages and values, and nothing is sent", async () => {
    const { context, calls } = contextFor(claimWith());
    const reply = (await page.action(post(context, { intent: "save", amount: "200" }))) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result?.error).toMatchObject({
      amount: ["New offer cannot exceed the charges raised (£180.00)."],
      explanation: ["You must provide reasoning for your new proposal for this item"],
    });
    expect(calls).toEqual([]);
  });

  it.each([
    ["0", "zero", 0],
    ["44.99", "low", 4_499],
  ])("amount %s: the %s warning comes back first (values kept, nothing saved); the same amount sent again is saved", async (amount, warning, pence) => {
    const { context, calls } = contextFor(claimWith());
    const reply = (await page.action(post(context, { ...valid, amount }))) as unknown as Reply;
    expect(reply.init.status).toBe(200);
    expect(reply.data).toMatchObject({ warning, warnedPence: pence });
    expect(calls).toEqual([]);
    // A different amount is warned about again; the warned one is saved.
    expect(((await page.action(post(context, { ...valid, amount, warned: String(pence + 1) }))) as unknown as Reply).data.warning).toBe(warning);
    const saved = (await page.action(post(context, { ...valid, amount, warned: String(pence) }))) as Response;
    expect(saved.status).toBe(302);
    expect(calls).toHaveLength(1);
  });

  it("exactly 25% saves at once", async () => {
    const { context, calls } = contextFor(claimWith());
    const response = (await page.action(post(context, { ...valid, amount: "45" }))) as Response;
    expect(response.status).toBe(302);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ["none", "CLAIM/COUNTER_TENANT_PROPOSAL"],
    ["empty", "CLAIM/CREATE_ITEM_PROPOSAL"],
    ["withItem", "CLAIM/UPDATE_ITEM_PROPOSAL"],
  ] as const)("the API's refusal (draft: %s) comes back in the form with its message, under %s", async (draft, category) => {
    const { context } = contextFor(claimWith({ draft }), { status: 409, message: "The deadline to respond has passed." });
    const reply = (await page.action(post(context, valid))) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.category).toBe(category);
    expect(reply.data.result?.error?.[""]).toEqual(["The deadline to respond has passed."]);
  });

  it("refuses a tenant who cannot counter: back to the claim with an error flash", async () => {
    const { context, calls } = contextFor(claimWith({ allowed: ["accept"], canRespond: true }));
    // The proposal page and the item's evidence page refuse alike, before reading the post.
    for (const [route, module] of [["proposal", page], ["evidence", evidencePage]] as const) {
      const response = (await module.action(post(context, valid, route)).catch((thrown: unknown) => thrown)) as Response;
      expect(response.headers.get("location"), route).toBe("/claims/c1#item-i1");
      expect(await flashOf(response), route).toMatchObject({ type: "error", message: PROPOSAL_MESSAGES.cannotPropose, category: "CLAIM/COUNTER_TENANT_PROPOSAL" });
      await expect(module.loader({ context, params: { claimId: "c1", claimItemId: "i1" } } as never), route).rejects.toMatchObject({ status: 302 });
    }
    expect(calls).toEqual([]);
  });
});

describe("Agree (part 1 §4.1: the tenant's proposal at the agent's current amount)", () => {
  it("saves the agent's amount with no reasoning and goes back to the item", async () => {
    const { context, calls } = contextFor(claimWith());
    const response = (await page.action(post(context, { intent: "agree" }))) as Response;
    expect(calls[0]).toMatchObject({ path: "/claims/{claimId}/counter-proposals", init: { body: { claimItemId: "i1", amount: 18_000, explanation: undefined } } });
    expect(response.headers.get("location")).toBe("/claims/c1#item-i1");
    expect(await flashOf(response)).toMatchObject({ type: "success", message: PROPOSAL_MESSAGES.agreed, category: "CLAIM/COUNTER_TENANT_PROPOSAL" });
  });

  it("a failure is an error flash with the API's message under the call's key", async () => {
    const { context } = contextFor(claimWith({ draft: "withItem" }), { status: 409, message: "This is not possible now." });
    const response = (await page.action(post(context, { intent: "agree" }))) as Response;
    expect(await flashOf(response)).toMatchObject({ type: "error", message: "This is not possible now.", category: "CLAIM/UPDATE_ITEM_PROPOSAL" });
  });
});

describe("the item's evidence (part 1 §2.4, §5, §8)", () => {
  const pdf = () => new File(["%PDF-1.4"], "receipt.pdf", { type: "application/pdf" });

  it("a file of the wrong type is refused with the spec's words, and nothing is sent", async () => {
    const { context, calls } = contextFor(claimWith());
    const reply = (await evidencePage.action(post(context, { intent: "upload", file: new File(["x"], "notes.exe") }, "evidence"))) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data).toMatchObject({ uploadError: "notes.exe is an invalid type, please convert to a PDF", category: "DOCUMENTS/CREATE_CLAIM_ITEM_DOCUMENT" });
    expect(calls).toEqual([]);
  });

  it("an upload goes to the item (with the tenant's item proposal when there is one), with a success flash", async () => {
    const { context, calls } = contextFor(claimWith({ draft: "withItem" }));
    const response = (await evidencePage.action(post(context, { intent: "upload", file: pdf() }, "evidence"))) as Response;
    expect(calls[0]).toMatchObject({ method: "POST", path: "/claims/{claimId}/items/{claimItemId}/documents" });
    const sent = (calls[0]!.init as { bodySerializer: () => FormData }).bodySerializer();
    expect(sent.get("claimItemProposalId")).toBe("ip2");
    expect(sent.get("type")).toBe("CLAIM_ITEM");
    expect(await flashOf(response)).toMatchObject({ type: "success", category: "DOCUMENTS/CREATE_CLAIM_ITEM_DOCUMENT" });
  });

  it("the API's refusal of a file is shown at the zone; its own failure is 'Something went wrong'", async () => {
    const refused = contextFor(claimWith(), { status: 415, message: "receipt.pdf is an invalid type, please convert to a PDF" });
    expect(((await evidencePage.action(post(refused.context, { intent: "upload", file: pdf() }, "evidence"))) as unknown as Reply).data.uploadError).toBe(
      "receipt.pdf is an invalid type, please convert to a PDF",
    );
    const broken = contextFor(claimWith(), { status: 500, message: "boom" });
    expect(((await evidencePage.action(post(broken.context, { intent: "upload", file: pdf() }, "evidence"))) as unknown as Reply).data.uploadError).toBe("Something went wrong");
  });

  it("the proposal form takes no file: the evidence has its own page", async () => {
    const { context, calls } = contextFor(claimWith());
    const reply = (await page.action(post(context, { intent: "upload", file: pdf() }))) as unknown as { data: { badPost?: string }; init: { status: number } };
    expect(reply.init.status).toBe(400);
    expect(reply.data.badPost).toBe("This form could not be read. Go back, reload the page and try again.");
    expect(calls).toEqual([]);
  });

  it("Remove: 'Success! You deleted the document.'; a failure is an error flash under DELETE_CLAIM_ITEM_DOCUMENT", async () => {
    const { context, calls } = contextFor(claimWith());
    const response = (await evidencePage.action(post(context, { intent: "remove", documentId: "mine" }, "evidence"))) as Response;
    expect(calls[0]).toMatchObject({ method: "DELETE", init: { params: { path: { claimId: "c1", claimItemId: "i1", documentId: "mine" } } } });
    expect(await flashOf(response)).toMatchObject({ type: "success", message: "Success! You deleted the document.", category: "DOCUMENTS/DELETE_CLAIM_ITEM_DOCUMENT" });
    const failing = contextFor(claimWith(), { status: 409, message: "This evidence is part of a submitted proposal." });
    const failed = (await evidencePage.action(post(failing.context, { intent: "remove", documentId: "mine" }, "evidence"))) as Response;
    expect(await flashOf(failed)).toMatchObject({ type: "error", message: "This evidence is part of a submitted proposal.", category: "DOCUMENTS/DELETE_CLAIM_ITEM_DOCUMENT" });
  });
});

describe("Supporting Information (part 1 §2.5, §8)", () => {
  const pdf = () => new File(["%PDF-1.4"], "letter.pdf", { type: "application/pdf" });

  it("an upload: 'Claim response document successfully created' under CREATE_CLAIM_RESPONSE_DOCUMENT", async () => {
    const { context, calls } = contextFor(claimWith());
    const response = (await supporting.action(post(context, { intent: "upload", file: pdf() }, "supporting"))) as Response;
    expect(calls[0]).toMatchObject({ method: "POST", path: "/claims/{claimId}/response-documents" });
    expect(await flashOf(response)).toMatchObject({
      type: "success",
      message: "Claim response document successfully created",
      category: "CLAIM/CREATE_CLAIM_RESPONSE_DOCUMENT",
    });
  });

  it("a refused file stays on the page with its message", async () => {
    const { context } = contextFor(claimWith());
    const reply = (await supporting.action(post(context, { intent: "upload", file: new File(["x"], "letter.txt") }, "supporting"))) as unknown as Reply;
    expect(reply.data).toMatchObject({ uploadError: "letter.txt is an invalid type, please convert to a PDF", category: "CLAIM/CREATE_CLAIM_RESPONSE_DOCUMENT" });
  });

  it("Remove: only the tenant's own; success and failure flashes under DELETE_CLAIM_RESPONSE_DOCUMENT", async () => {
    const { context, calls } = contextFor(claimWith());
    const response = (await supporting.action(post(context, { intent: "remove", documentId: "r1" }, "supporting"))) as Response;
    expect(await flashOf(response)).toMatchObject({ type: "success", message: "Success! You deleted the document.", category: "CLAIM/DELETE_CLAIM_RESPONSE_DOCUMENT" });
    const notOwn = (await supporting.action(post(context, { intent: "remove", documentId: "r2" }, "supporting"))) as unknown as Reply;
    expect(notOwn.init.status).toBe(400);
    expect(calls).toHaveLength(1);
    const failing = contextFor(claimWith(), { status: 409, message: "The claim is with the adjudicator." });
    const failed = (await supporting.action(post(failing.context, { intent: "remove", documentId: "r1" }, "supporting"))) as Response;
    expect(await flashOf(failed)).toMatchObject({ type: "error", message: "The claim is with the adjudicator.", category: "CLAIM/DELETE_CLAIM_RESPONSE_DOCUMENT" });
  });
});
