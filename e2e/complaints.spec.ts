import { expect, expectAccessible, outboxFor, test, uniqueStamp } from "./fixtures";

/**
 * Complaints (issue 40, decision 0066), with JavaScript on and off: raised signed out from the
 * contact page's link, the acknowledgement in the mailbox with its link to the complaint's page,
 * a holding and then a final response by the back office's ops, and the ombudsman's details once
 * the final response is given. The 8-week e-mail (the clock moved) is e2e/notices.clock.spec.ts's.
 */
test("a complaint from the contact page to the ombudsman's details: acknowledged, a holding then a final response", async ({ page, request, ops }) => {
  const email = `complaint-${uniqueStamp()}@example.test`;
  await page.goto("/contact");
  await page.getByRole("link", { name: "make a complaint" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Make a complaint" })).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);
  await expectAccessible(page);

  // Nothing written: the error summary with each field's message.
  await page.getByRole("button", { name: "Send complaint" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Tell us what happened" })).toBeVisible();
  await expect(page).toHaveTitle("Error: Make a complaint — Keyfree");

  await page.getByLabel("What is your complaint about?").selectOption("SERVICE");
  await page.getByLabel("Your name").fill("Sam Jones");
  await page.getByLabel("Your email address").fill(email);
  await page.getByLabel("What happened?").fill("Nobody answered my messages for two weeks.");
  await page.getByLabel("What would put it right?").fill("An apology and an answer.");
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your complaint has been sent" })).toBeVisible();
  const reference = /complaints\?sent=(C-[A-Z0-9]{8})/.exec(page.url())![1]!;

  const [ack] = (await outboxFor(request, email)).filter((e) => e.template === "COMPLAINT_ACKNOWLEDGED");
  expect(ack!.subject).toBe(`We have your complaint (${reference})`);
  const link = new URL(/https?:\/\/\S+\/complaints\/C-[A-Z0-9]{8}\?token=[\w-]+/.exec(ack!.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { level: 1, name: `Your complaint ${reference}` })).toBeVisible();
  await expect(page.getByText("Acknowledged: we are looking into it")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Taking your complaint to the ombudsman" })).toHaveCount(0);
  await expect(page.locator("script")).toHaveCount(0);
  await expectAccessible(page);

  await ops("respond-to-complaint", { reference, holding: true, message: "We are looking into it and will answer soon." });
  await page.reload();
  await expect(page.getByText("We have sent you an update: our final response is still to come")).toBeVisible();
  await expect(page.getByText("We are looking into it and will answer soon.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Taking your complaint to the ombudsman" })).toHaveCount(0);

  await ops("respond-to-complaint", { reference, final: true, message: "We are sorry. We have changed how we answer messages." });
  await page.reload();
  await expect(page.getByText("Status: We have sent our final response")).toBeVisible();
  const ombudsman = page.getByRole("region", { name: "Taking your complaint to the ombudsman" });
  await expect(ombudsman.getByText(/refer your complaint to the Financial Ombudsman Service\. You have 6 months to do so/)).toBeVisible();
  await expect(ombudsman.getByRole("link", { name: "https://www.financial-ombudsman.org.uk" })).toBeVisible();
  await expectAccessible(page);

  const final = (await outboxFor(request, email)).find((e) => e.subject === `Our final response to your complaint (${reference})`);
  expect(final!.text).toContain("You have 6 months from the date of this e-mail");
});
