/**
 * The claim record in words (issue 39, decision 0065): one view, from the API's record, that the
 * page (record.tsx, shared-record.tsx) and the PDF (claim-record-pdf.server.ts) both draw, so they
 * show the same figures from the same code. Sections in the order: the charges as raised,
 * the evidence, every proposal and answer, the final proposal, the dispute and its fee, the
 * adjudicator's decision, the payments and refunds, Breathing Space and more time. Dates are
 * London's (UK time). Pure.
 */
import type { components } from "~/lib/api/schema";
import { addressLine } from "~/lib/format";
import { paymentLabel, type PaymentKind } from "#common/payments";
import { formatDate, formatPounds, londonDateTime, londonDayText } from "#common/wording";
import { PRODUCT } from "~/lib/product";
import { itemTypeLabel } from "./claim-labels";

type ClaimRecord = components["schemas"]["ClaimRecord"];
type Party = components["schemas"]["RecordParty"];
type Answer = ClaimRecord["answers"][number];

/** A table cell: text, a row header (TH scope row), or text linking to a file (the tenant's own view only). */
export type RecordCell = string | { text: string; header: "row" } | { text: string; href: string };
export type RecordTable = { caption: string; headers: string[]; rows: RecordCell[][] };
export type RecordSection = {
  id: string;
  heading: string;
  paragraphs: string[];
  tables: RecordTable[];
};
export type ClaimRecordView = {
  title: string;
  heading: string;
  address: string;
  asAt: string;
  facts: Array<[string, string]>;
  sections: RecordSection[];
  fileName: string;
};

const ANSWER_WORDS: Record<Answer["kind"], string> = {
  CHARGES_ACCEPTED: "Accepted the charges",
  CHARGES_TREATED_AS_ACCEPTED: "The deadline to answer passed, so the charges were treated as accepted",
  PROPOSAL_ACCEPTED: "Accepted the tenants' proposal",
  PROPOSAL_REFUSED: "Refused the tenants' proposal",
  DISPUTED: "Disputed the charges",
  DISPUTE_LAPSED: "The dispute fee was not paid in time, so the dispute ended",
  SENT_TO_ADJUDICATION: "The dispute went to the independent adjudicator",
  DECIDED: "The adjudicator decided",
  RESOLVED: "The claim was closed",
};

const PROPOSAL_WORDS: Record<ClaimRecord["proposals"][number]["kind"], string> = {
  CHARGES: "Raised the charges",
  TENANT_PROPOSAL: "Made a proposal",
  PROPOSAL: "Made a proposal",
  FINAL_PROPOSAL: "Put forward a final proposal",
};

const MORE_TIME_WORDS: Record<ClaimRecord["moreTime"][number]["status"], string> = {
  PENDING: "Waiting for our answer",
  GRANTED: "Given",
  REFUSED: "Refused",
  LAPSED: "No longer needed",
};

/** Who, in words: "You (Rosa Díaz)", a co-tenant's name, the landlord or agent's name. */
export function partyWords(p: Party): string {
  if (p.party === "DEADLINE") return "No one (a deadline)";
  if (p.party === "ADJUDICATOR") return "The adjudicator";
  if (p.party === "LANDLORD") return `${p.name ?? "The landlord"} (landlord or agent)`;
  if (p.isYou) return p.name ? `You (${p.name})` : "You";
  return p.name ?? "A tenant";
}

/** A file's size: "2.4 MB", "36 KB", "512 bytes". */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const when = (iso: string) => londonDateTime(iso);

/**
 * The record's view. `documentHref` links a file's name to it (the tenant's own record); a shared
 * record passes nothing, and shows no document's contents.
 */
export function claimRecordView(record: ClaimRecord, options: { documentHref?: (documentId: string) => string } = {}): ClaimRecordView {
  const itemName = new Map(record.items.map((i) => [i.id, i.description]));
  const address = `${addressLine(record.address)}, ${record.address.postcode}`;
  const fileCell = (name: string, documentId: string | null): RecordCell =>
    documentId && options.documentHref ? { text: name, href: options.documentHref(documentId) } : name;

  const charges: RecordSection = {
    id: "charges",
    heading: "The charges",
    paragraphs: [
      record.raisedAt
        ? `${record.organisationName} raised these charges on ${when(record.raisedAt)}.`
        : `${record.organisationName} has not raised the charges yet.`,
    ],
    tables: [
      {
        caption: "The charges as raised",
        headers: ["Charge", "Type", "Amount charged"],
        rows: [
          ...record.items.map((i) => [{ text: i.description, header: "row" as const }, itemTypeLabel(i.type), i.chargedAmount === null ? "" : formatPounds(i.chargedAmount)]),
          [{ text: "Total", header: "row" }, "", formatPounds(record.items.reduce((sum, i) => sum + (i.chargedAmount ?? 0), 0))],
        ],
      },
    ],
  };

  const fileHeaders = ["File", "Given by", "Size", "Uploaded", "SHA-256"];
  const fileRow = (f: ClaimRecord["evidence"][number]): RecordCell[] => [fileCell(f.name, f.documentId), partyWords(f.givenBy), sizeWords(f.size), when(f.uploadedAt), f.sha256];
  const supporting = record.evidence.filter((f) => f.claimItemId === null);
  const evidence: RecordSection = {
    id: "evidence",
    heading: "The evidence",
    paragraphs: [
      "Each file's SHA-256 is its fingerprint: a copy with the same SHA-256 is exactly the same file.",
      ...(record.evidence.length === 0 ? ["No evidence was given by either side."] : []),
    ],
    tables: [
      ...record.items
        .map((item) => ({ item, files: record.evidence.filter((f) => f.claimItemId === item.id) }))
        .filter(({ files }) => files.length > 0)
        .map(({ item, files }) => ({ caption: `Evidence for ${item.description}`, headers: fileHeaders, rows: files.map(fileRow) })),
      ...(supporting.length ? [{ caption: "The tenants' supporting information", headers: fileHeaders, rows: supporting.map(fileRow) }] : []),
    ],
  };

  type Event = { at: string; who: string; what: string; amount: string };
  const events: Event[] = [
    ...record.proposals.map((p) => ({ at: p.publishedAt, who: partyWords(p.by), what: PROPOSAL_WORDS[p.kind], amount: formatPounds(p.total) })),
    ...record.answers.map((a) => ({ at: a.at, who: partyWords(a.by), what: ANSWER_WORDS[a.kind], amount: a.amount === null ? "" : formatPounds(a.amount) })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const tenantProposals = record.proposals.filter((p) => p.kind === "TENANT_PROPOSAL" || p.kind === "PROPOSAL");
  const proposalTable = (p: ClaimRecord["proposals"][number], caption: string): RecordTable => ({
    caption,
    headers: ["Charge", "Amount", "Explanation"],
    rows: [
      ...p.items.map((ip) => [{ text: itemName.get(ip.claimItemId) ?? "A charge", header: "row" as const }, formatPounds(ip.amount), ip.explanation ?? ""]),
      [{ text: "Total", header: "row" }, formatPounds(p.total), ""],
    ],
  });
  const proposals: RecordSection = {
    id: "proposals",
    heading: "Proposals and answers",
    paragraphs: events.length === 0 ? ["Nothing has been proposed or answered yet."] : [],
    tables: [
      ...(events.length ? [{ caption: "Every proposal and answer, oldest first", headers: ["Date (UK time)", "Who", "What", "Amount"], rows: events.map((e) => [e.at && when(e.at), e.who, e.what, e.amount]) }] : []),
      ...tenantProposals.map((p) => proposalTable(p, `Proposal by ${partyWords(p.by)} on ${when(p.publishedAt)}`)),
    ],
  };

  const final = record.proposals.filter((p) => p.kind === "FINAL_PROPOSAL").at(-1);
  const finalSection: RecordSection = {
    id: "final-proposal",
    heading: "The landlord's final proposal",
    paragraphs: [final ? `${record.organisationName} put forward a final proposal on ${when(final.publishedAt)}.` : "There was no final proposal."],
    tables: final ? [proposalTable(final, "The final proposal")] : [],
  };

  const d = record.dispute;
  const dispute: RecordSection = {
    id: "dispute",
    heading: "The dispute",
    paragraphs: d ? [] : ["The charges were not disputed."],
    tables: d
      ? [
          {
            caption: "The dispute and its fee",
            headers: ["Detail", "Value"],
            rows: [
              [{ text: "Disputed on", header: "row" }, when(d.disputedAt)],
              [{ text: "Disputed by", header: "row" }, partyWords(d.by)],
              [{ text: "Dispute fee", header: "row" }, d.fee === null ? "Not paid" : formatPounds(d.fee)],
              ...(d.feePaidAt ? [[{ text: "Fee paid on", header: "row" as const }, when(d.feePaidAt)]] : []),
              ...(d.feePaidBy ? [[{ text: "Fee paid by", header: "row" as const }, partyWords(d.feePaidBy)]] : []),
            ],
          },
        ]
      : [],
  };

  const decided = record.decision;
  const decision: RecordSection = {
    id: "decision",
    heading: "The adjudicator's decision",
    paragraphs: decided
      ? [
          `The adjudicator decided on ${when(decided.decidedAt)} and awarded ${formatPounds(decided.awarded)} to ${record.organisationName}.`,
          ...(decided.reasons.length === 0 ? ["The adjudicator gave no reasons item by item for this decision."] : []),
        ]
      : [d ? "The adjudicator has not decided yet." : "There was no adjudication."],
    tables: decided
      ? [
          ...(decided.reasons.length
            ? [
                {
                  caption: "The adjudicator's reasons",
                  headers: ["Charge", "Asked for", "Awarded", "Reason"],
                  rows: decided.reasons.map((r) => [
                    { text: r.description, header: "row" as const },
                    r.askedAmount === null ? "" : formatPounds(r.askedAmount),
                    r.awardedAmount === null ? "" : formatPounds(r.awardedAmount),
                    r.reason,
                  ]),
                },
              ]
            : []),
          ...(decided.documents.length
            ? [{ caption: "The decision documents", headers: ["File", "Size", "Added", "SHA-256"], rows: decided.documents.map((f) => [fileCell(f.name, f.documentId), sizeWords(f.size), when(f.uploadedAt), f.sha256]) }]
            : []),
        ]
      : [],
  };

  const payments: RecordSection = {
    id: "payments",
    heading: "Payments and money given back",
    paragraphs: [
      ...(record.payments.length === 0 ? ["No payments towards this claim were made from this account."] : []),
      "Each tenant's own payments are on their own record.",
    ],
    tables: record.payments.length
      ? [
          {
            caption: "Payments towards the claim, oldest first",
            headers: ["Date (UK time)", "Payment", "Paid", "Given back", "Receipt number"],
            rows: [...record.payments].sort((a, b) => a.paidAt.localeCompare(b.paidAt)).map((p) => [
              when(p.paidAt),
              { text: paymentLabel({ kind: p.kind as PaymentKind, instalmentNumber: p.instalmentNumber }), header: "row" as const },
              formatPounds(p.amount),
              p.refundedAmount > 0 ? `${formatPounds(p.refundedAmount)}${p.refundPending ? " (on its way)" : ""}` : "",
              p.receiptNumber,
            ]),
          },
        ]
      : [],
  };

  const time: RecordSection = {
    id: "breathing-space-and-more-time",
    heading: "Breathing Space and more time",
    paragraphs: [
      ...(record.breathingSpaces.length === 0 ? ["There was no Breathing Space during this claim."] : []),
      ...(record.moreTime.length === 0 ? ["No one asked for more time to answer."] : []),
    ],
    tables: [
      ...(record.breathingSpaces.length
        ? [
            {
              caption: "Your Breathing Space",
              headers: ["Started", "Last day", "Ended"],
              rows: record.breathingSpaces.map((b) => [formatDate(b.startDate), b.endsOn ? formatDate(b.endsOn) : "Not known yet", b.endedAt ? londonDayText(b.endedAt) : "Not ended"]),
            },
          ]
        : []),
      ...(record.moreTime.length
        ? [
            {
              caption: "Requests for more time",
              headers: ["Asked on", "Asked by", "Days asked for", "Answer", "Deadline after"],
              rows: record.moreTime.map((m) => [
                when(m.askedAt),
                partyWords(m.by),
                String(m.daysRequested),
                m.status === "GRANTED" && m.daysGranted !== null ? `${MORE_TIME_WORDS.GRANTED}: ${m.daysGranted} days` : MORE_TIME_WORDS[m.status],
                m.deadlineAfter ? when(m.deadlineAfter) : "",
              ]),
            },
          ]
        : []),
    ],
  };

  return {
    title: `Claim record: ${addressLine(record.address)}`,
    heading: "Claim record",
    address,
    asAt: when(record.asAt),
    facts: [
      ["Property", address],
      ["Landlord or agent", record.organisationName],
      ["Tenants", record.tenants.map((t) => t.name).join(", ")],
      ["Tenancy", record.tenancy.endDate ? `${formatDate(record.tenancy.startDate)} to ${formatDate(record.tenancy.endDate)}` : `From ${formatDate(record.tenancy.startDate)}`],
      ["The tenants' maximum liability", formatPounds(record.limit)],
      ["Status", record.settled ? "Settled" : "Still open"],
    ],
    sections: [charges, evidence, proposals, finalSection, dispute, decision, payments, time],
    fileName: `${PRODUCT.slug}-claim-record-${record.claimId.slice(0, 8)}.pdf`,
  };
}
