import { describe, expect, it } from "vitest";
import { templatesInSource } from "../../../e2e/notice-kinds";
import { NOTICES } from "../../../server/domain/notices";
import {
  copiedToHelper,
  HELPER_LINK_TTL_MS,
  helperConfirmEmail,
  helperCopy,
  helperLinkState,
  helperRemovedEmail,
  helperStatus,
  NEVER_COPIED,
  textMessagesWanted,
} from "../../../server/domain/support-needs";

/** Support needs and someone to help (issue 36, scope 5; decision 0050): the rules. */

const NOW = new Date("2026-11-22T10:00:00Z");
const LATER = new Date(NOW.getTime() + 1000);
const EARLIER = new Date(NOW.getTime() - 1000);

describe("contact by e-mail only: no text messages", () => {
  it.each([
    { smsNotices: true, needs: null, wanted: true },
    { smsNotices: true, needs: [], wanted: true },
    { smsNotices: true, needs: ["MORE_TIME", "LARGE_PRINT"], wanted: true },
    { smsNotices: true, needs: ["EMAIL_ONLY"], wanted: false },
    { smsNotices: true, needs: ["MORE_TIME", "EMAIL_ONLY"], wanted: false },
    { smsNotices: false, needs: null, wanted: false },
    { smsNotices: false, needs: ["MORE_TIME"], wanted: false },
  ])("text messages on: $smsNotices, needs $needs → sent: $wanted", ({ smsNotices, needs, wanted }) => {
    expect(textMessagesWanted(smsNotices, needs)).toBe(wanted);
  });
});


describe("a helper's copies: every e-mail to the tenant but sign-in, password and the helper's own", () => {
  it.each(Object.keys(NEVER_COPIED))("%s is never copied", (template) => {
    expect(copiedToHelper(template)).toBe(false);
  });

  it.each(Object.keys(NOTICES))("the notice %s is copied", (kind) => {
    expect(copiedToHelper(kind)).toBe(true);
  });

  it.each(["ANNUAL_FEE_DUE", "PAYMENT_PLAN_LIVE", "PAYMENT_PLAN_INSTALMENT_FAILED", "PAYMENT_PLAN_INSTALMENT_REMINDER", "PAYMENT_REFUNDED", "A_KIND_ADDED_LATER"])(
    "%s (about the Keyfree, claims or payments) is copied",
    (template) => {
      expect(copiedToHelper(template)).toBe(true);
    },
  );

  it("every kind of e-mail in the code that signs in or sets a password is on the never-copied list", () => {
    const access = templatesInSource().filter((t) => /PASSWORD|SIGN_IN|LOGIN|MAGIC|VERIF|ACCESS/.test(t));
    expect(access).toEqual(expect.arrayContaining(["RESET_PASSWORD", "SET_PASSWORD"]));
    for (const template of access) expect(copiedToHelper(template), template).toBe(false);
  });

  it("every never-copied kind says why", () => {
    for (const [template, why] of Object.entries(NEVER_COPIED)) expect(why.length, template).toBeGreaterThan(20);
  });

  it("a copy says at the top whose it is (first name only), that they asked for it, and how they stop it; then the e-mail whole", () => {
    const copy = helperCopy({ subject: "Charges raised", text: "Hello Lin,\n\nThe charges." }, { firstName: "Lin" }, "https://app.example/account/support-needs");
    expect(copy.subject).toBe("Copy for you: Charges raised");
    expect(copy.text.split("\n")).toEqual([
      "This is a copy of an email we sent to Lin. Lin asked us to send you a copy of the emails we send them about their Keyfree, their claims and their payments.",
      'Lin can stop these copies at any time, on the "Your support needs" page of their Keyfree account: https://app.example/account/support-needs',
      "",
      "----- The email we sent -----",
      "",
      "Hello Lin,",
      "",
      "The charges.",
    ]);
  });
});

describe("the helper's link and status", () => {
  const waiting = { tokenExpiresAt: LATER, confirmedAt: null, removedAt: null };
  it.each([
    { why: "no such token", helper: null, state: "INVALID", status: null },
    { why: "waiting, in time", helper: waiting, state: "USABLE", status: "PENDING" },
    { why: "waiting, its last instant", helper: { ...waiting, tokenExpiresAt: NOW }, state: "EXPIRED", status: "EXPIRED" },
    { why: "waiting, too late", helper: { ...waiting, tokenExpiresAt: EARLIER }, state: "EXPIRED", status: "EXPIRED" },
    { why: "confirmed", helper: { ...waiting, confirmedAt: EARLIER }, state: "USED", status: "CONFIRMED" },
    { why: "confirmed, link's time since passed", helper: { ...waiting, tokenExpiresAt: EARLIER, confirmedAt: EARLIER }, state: "USED", status: "CONFIRMED" },
    { why: "removed before confirming", helper: { ...waiting, removedAt: EARLIER }, state: "INVALID", status: "REMOVED" },
    { why: "removed after confirming", helper: { ...waiting, confirmedAt: EARLIER, removedAt: EARLIER }, state: "INVALID", status: "REMOVED" },
  ] as const)("$why: the link is $state", ({ helper, state, status }) => {
    expect(helperLinkState(helper, NOW)).toBe(state);
    if (helper) expect(helperStatus(helper, NOW)).toBe(status);
  });

  it("the link works for 7 days", () => {
    expect(HELPER_LINK_TTL_MS).toBe(7 * 86_400_000);
  });
});

describe("the helper's e-mails: plain words, what they agree to, and the way out", () => {
  it("the confirmation names the tenant, what copies show, what never comes, the link and when it stops working", () => {
    const email = helperConfirmEmail({ name: "Ray" }, { firstName: "Lin", lastName: "Kes" }, "https://app.example/helper/confirm?token=abc", new Date("2026-11-29T10:00:00Z"));
    expect(email.subject).toBe("Lin has asked you to help with their Keyfree");
    expect(email.text).toContain("Hello Ray,");
    expect(email.text).toContain("Lin Kes has asked us to send you a copy of the emails we send them about their Keyfree, their claims and their payments");
    expect(email.text).toContain("We never send you their password or sign-in emails");
    expect(email.text).toContain("https://app.example/helper/confirm?token=abc");
    expect(email.text).toContain("until 10:00am on Sunday 29 November 2026 (UK time)");
    expect(email.text).toContain("you can ignore this email");
  });

  it("the removal tells them plainly that no more copies come, including of e-mails not yet sent", () => {
    const email = helperRemovedEmail({ name: "Ray" }, { firstName: "Lin", lastName: "Kes" });
    expect(email.subject).toBe("You will no longer get copies of Lin's Keyfree emails");
    expect(email.text).toContain("Lin has asked us to stop sending you copies");
    expect(email.text).toContain("including of emails we had not yet sent");
    expect(email.text).not.toContain("Kes");
  });
});
