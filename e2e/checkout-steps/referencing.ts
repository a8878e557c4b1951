import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "../fixtures";
import type { JourneyHelpers, JourneyTenant } from "./types";

const FILES = path.resolve("e2e/files");
export const SLOW_REFERENCE = "Sorry, this is taking longer than usual. Please check back later.";

const zone = (page: Page, proof: string) => page.getByRole("region", { name: proof });

/** Chooses a file for one proof and sends it: the drop zone sends on choosing, the plain form with its button. */
async function upload(page: Page, proof: "Proof of identity" | "Proof of address", file: string, h: JourneyHelpers) {
  await zone(page, proof).getByLabel(proof).setInputFiles(path.join(FILES, file));
  if (!h.isJsOn) await page.getByRole("button", { name: `Upload ${proof.toLowerCase()}` }).click();
}


/**
 * Referencing (Eligibility, part 1 §4.2), from the page with no reference yet: Start, the
 * pending wait, the reference asking for documents (both proofs uploaded, one removed and sent
 * again, a file of the wrong type refused), Send for Review, the review, PASS, Continue to the
 * next step. With JavaScript the uploads go through the drop zone (the page hydrates only
 * then); without it through the plain forms.
 */
export async function referencingStep(page: Page, tenant: JourneyTenant, h: JourneyHelpers): Promise<void> {
  await expect(page).toHaveURL(/\/referencing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Eligibility" })).toBeVisible();
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Start my eligibility check" }).click();
  await expect(page).toHaveURL(/\/referencing\?since=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checking your eligibility" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Checks usually finish in under a minute.");
  // The page checks again by itself (a refresh every 2 s: it sends no script while waiting).
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", /^2;url=.*\/referencing\?since=\d+$/);
  await expectAccessible(page, { timedRedirect: true });

  await h.ops("set-reference-outcome", { orderCustomerId: tenant.orderCustomerId, status: "INFO_REQUIRED" });
  // The page's own next check shows the request for documents.
  await expect(page.getByRole("heading", { level: 1, name: "We need a little more information" })).toBeVisible({ timeout: 10_000 });
  if (h.isJsOn) {
    await page.locator("html[data-hydrated]").waitFor();
    await expect(zone(page, "Proof of identity")).toContainText("Drop files here or click to select");
  }
  await expect(zone(page, "Proof of identity")).toContainText("No documents uploaded");
  await expect(zone(page, "Proof of address")).toContainText("No documents uploaded");
  const sendForReview = page.getByRole("button", { name: "Send for Review" });
  await expect(sendForReview).toBeDisabled();
  await expectAccessible(page);

  // A file of a type the spec does not accept: its message at that proof, the rest of the page as it was.
  await upload(page, "Proof of identity", "notes.txt", h);
  await expect(zone(page, "Proof of identity").getByRole("alert")).toHaveText(/notes\.txt is an invalid type, please convert to a PDF/);
  await expect(zone(page, "Proof of address")).toContainText("No documents uploaded");
  await expectAccessible(page);

  if (h.isJsOn) {
    // The drop zone's progress: the file's request is held back a moment so its 'Uploading N of M files' can be seen.
    await page.route(
      "**/referencing/documents",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      },
      { times: 1 },
    );
    await upload(page, "Proof of identity", "passport.pdf", h);
    await expect(zone(page, "Proof of identity").getByRole("status")).toContainText("Uploading 1 of 1 files");
    await expect(zone(page, "Proof of identity").getByRole("progressbar")).toBeVisible();
  } else {
    await upload(page, "Proof of identity", "passport.pdf", h);
  }
  await expect(page.getByText("Success! Item successfully uploaded")).toBeVisible();
  await expect(zone(page, "Proof of identity")).toContainText("1 document(s)");
  await expect(zone(page, "Proof of identity").getByRole("link", { name: "passport.pdf" })).toBeVisible();
  await expect(zone(page, "Proof of identity").getByRole("alert")).toHaveCount(0);
  await expect(sendForReview).toBeDisabled();
  await expectAccessible(page);

  await upload(page, "Proof of address", "utility-bill.png", h);
  await expect(zone(page, "Proof of address").getByRole("link", { name: "utility-bill.png" })).toBeVisible();
  await expect(sendForReview).toBeEnabled();

  // Remove one ('Success! Item removed'), and send it again.
  await zone(page, "Proof of address").getByRole("button", { name: "Remove utility-bill.png" }).click();
  await expect(page.getByText("Success! Item removed")).toBeVisible();
  await expect(zone(page, "Proof of address")).toContainText("No documents uploaded");
  await expect(sendForReview).toBeDisabled();
  await expectAccessible(page);
  await upload(page, "Proof of address", "utility-bill.png", h);
  await expect(zone(page, "Proof of address").getByRole("link", { name: "utility-bill.png" })).toBeVisible();
  await expect(zone(page, "Proof of address").locator("summary")).toContainText("Hide 1 document(s)", { useInnerText: true });

  await sendForReview.click();
  await expect(page.getByRole("heading", { level: 1, name: "We'll get back to you" })).toBeVisible();
  await expectAccessible(page, { timedRedirect: !h.isJsOn });

  await h.ops("set-reference-outcome", { orderCustomerId: tenant.orderCustomerId, status: "PASS" });
  await expect(page.getByRole("heading", { level: 1, name: "You're eligible" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("navigation", { name: "Checkout progress" })).toContainText("Eligibility");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${tenant.orderId}/${tenant.customerId}/confirm$`));
}
