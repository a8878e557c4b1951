import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";

/**
 * The video walkthrough of answering end-of-tenancy charges (issue 27, scope 3): one list of
 * steps, each with what the recorder does in the app (`act`, on the demo tenant claim@'s charges)
 * and the caption shown while its screen is on (also the page's transcript). `npm run walkthrough`
 * records it (scripts/walkthrough/record.ts); tests/walkthrough.test.ts fails when this list has
 * changed since the last recording.
 */
export type WalkthroughStep = {
  /** The step's name in the transcript. */
  title: string;
  /** The caption: plain sentences, shown for `seconds`. */
  caption: string;
  seconds: number;
  /** What the recorder does in the app before the step's screen is captured. */
  act: (page: Page) => Promise<void>;
};

/** claim@'s charges (stand-ins/scenarios/demo.ts). */
const CLEANING = "Professional clean of the kitchen and bathroom";
const CARPET = "Replace the stained living room carpet";
const HALLWAY = "Repaint the hallway walls";

const itemOf = (page: Page, description: string) => page.locator(".claim-items > li").filter({ has: page.getByRole("heading", { level: 3, name: description }) });

async function showItem(page: Page, description: string) {
  await itemOf(page, description).scrollIntoViewIfNeeded();
  await itemOf(page, description).evaluate((el) => el.scrollIntoView({ block: "start" }));
}

export const WALKTHROUGH_STEPS: WalkthroughStep[] = [
  {
    title: "Your end of tenancy charges",
    caption:
      "When your landlord or agent raises charges at the end of your tenancy, log in to Keyfree to see them: each charge, what it is for, and how many days you have left to respond.",
    seconds: 8,
    act: async (page) => {
      await page.goto("/");
      await page.waitForURL(/\/claims\/[^/?]+/);
      await page.getByRole("heading", { level: 1, name: "Your end of tenancy charges" }).waitFor();
    },
  },
  {
    title: "If you do nothing",
    caption:
      "If you do nothing by the deadline, the charges are treated as accepted and you will have to pay them. So answer each charge before then: agree, or disagree and say what you think is fair.",
    seconds: 9,
    act: async (page) => {
      await page.locator(".claim-deadline").evaluate((el) => el.scrollIntoView({ block: "start" }));
    },
  },
  {
    title: "Agree to a charge you think is fair",
    caption: "For a charge you think is fair, choose Agree. Here we agree to the professional clean of the kitchen and bathroom.",
    seconds: 7,
    act: async (page) => {
      await showItem(page, CLEANING);
      await page.getByRole("button", { name: `Agree to ${CLEANING}` }).focus();
    },
  },
  {
    title: "The charge is agreed",
    caption: "The charge is marked as agreed. You can still change your answer with Edit until you submit.",
    seconds: 6,
    act: async (page) => {
      await page.getByRole("button", { name: `Agree to ${CLEANING}` }).click();
      await page.waitForLoadState("load");
      await itemOf(page, CLEANING).getByRole("link", { name: /^Edit/ }).waitFor();
      await showItem(page, CLEANING);
    },
  },
  {
    title: "Disagree with a charge",
    caption: "For a charge you think is too high, choose Disagree. Here we disagree with the cost of replacing the living room carpet.",
    seconds: 7,
    act: async (page) => {
      await showItem(page, CARPET);
      await page.getByRole("link", { name: `Disagree with ${CARPET}` }).focus();
    },
  },
  {
    title: "Propose what you think is fair",
    caption:
      "Type the amount you think is fair, from nothing up to the charge, and your reasons. Evidence helps: dated photos, the check-in report, receipts. Then choose Save proposal.",
    seconds: 10,
    act: async (page) => {
      await page.getByRole("link", { name: `Disagree with ${CARPET}` }).click();
      await page.getByRole("heading", { level: 1, name: "Provide a new proposal" }).waitFor();
      await page.getByLabel("Your proposed amount (£)").fill("150");
      await page.getByLabel("Reasoning").fill("The carpet was eight years old and already worn when we moved in, as the check-in report shows.");
      await page.getByRole("button", { name: "Save proposal" }).focus();
    },
  },
  {
    title: "Your proposal is saved",
    caption: "Back on your charges, your proposal shows beside the charge. You can edit it until you submit.",
    seconds: 6,
    act: async (page) => {
      await page.getByRole("button", { name: "Save proposal" }).click();
      await page.waitForURL(/\/claims\/[^/?]+(\?|$)/);
      await itemOf(page, CARPET).getByRole("link", { name: /^Edit/ }).waitFor();
      await showItem(page, CARPET);
    },
  },
  {
    title: "Answer every charge",
    caption: "Answer every charge the same way. Here we agree to repainting the hallway. When every charge has an answer, choose Continue.",
    seconds: 8,
    act: async (page) => {
      await showItem(page, HALLWAY);
      await page.getByRole("button", { name: `Agree to ${HALLWAY}` }).click();
      await page.waitForLoadState("load");
      await itemOf(page, HALLWAY).getByRole("link", { name: /^Edit/ }).waitFor();
      const next = page.getByRole("main").getByRole("link", { name: "Continue", exact: true });
      await next.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await next.focus();
    },
  },
  {
    title: "Check your answers and submit",
    caption:
      "The summary shows the total you propose and what happens next. Nothing is sent until you choose Submit proposal. If your proposal needs a payment up front, we hold it: if your proposal is refused, it is refunded in full.",
    seconds: 11,
    act: async (page) => {
      await page.getByRole("main").getByRole("link", { name: "Continue", exact: true }).click();
      await page.waitForURL(/\/submit$/);
      await page.getByRole("heading", { level: 1 }).waitFor();
    },
  },
];

/** The recording's stamp: a hash of the steps' words and timings (what the video and its captions show). */
export function walkthroughStamp(steps: Pick<WalkthroughStep, "title" | "caption" | "seconds">[] = WALKTHROUGH_STEPS): string {
  const text = JSON.stringify(steps.map(({ title, caption, seconds }) => ({ title, caption, seconds })));
  return createHash("sha256").update(text).digest("hex");
}
