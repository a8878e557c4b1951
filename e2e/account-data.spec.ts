import { readFile } from "node:fs/promises";
import { expect, expectAccessible, outboxFor, signedInAs, test } from "./fixtures";

/**
 * Your data (issue 40, decision 0069), with JavaScript on and off (the page sends no script
 * either way): the tenant asks for their data from an account page; the job builds it and
 * e-mails them; the e-mail's link opens the page, signed in, where the ZIP downloads. What the
 * ZIP holds is tests/api/data-exports.test.ts's; another tenant's 404 is the isolation sweep's.
 */
test("download your data: asked for on the page, e-mailed when ready, downloaded from the e-mail's link signed in", async ({ page, request, newTenant }) => {
  const tenant = await newTenant({ firstName: "Dana" });
  await signedInAs(page, tenant.email, "/notifications");
  await page.getByRole("link", { name: "Your data: download a copy, or close your account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Close your account" })).toHaveAttribute("href", "/account/close");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Download your data" }).click();
  await expect(page.getByText("We are preparing your data. We will e-mail you when it is ready to download.")).toBeVisible();
  // Being prepared, or already ready: the job runs beside the request.
  await expect(page.getByRole("heading", { level: 3, name: /Being prepared|Ready to download/ })).toBeVisible();
  await expectAccessible(page);

  // The job's e-mail (the dev mailbox), and its link to the signed-in page.
  await expect.poll(async () => (await outboxFor(request, tenant.email)).some((e) => e.template === "DATA_EXPORT_READY"), { timeout: 20_000 }).toBe(true);
  const email = (await outboxFor(request, tenant.email)).find((e) => e.template === "DATA_EXPORT_READY")!;
  expect(email.subject).toBe("Your data is ready to download");
  const link = new URL(/https?:\/\/\S+\/account\/data\b/.exec(email.text)![0]);
  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { level: 3, name: "Ready to download" })).toBeVisible();
  await expect(page.getByText(/You can download it until .+ \(UK time\), 7 days from today\./)).toBeVisible();
  await expectAccessible(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Download your data \(ZIP, \d+ KB\)$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^keyfree-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  // The ZIP's directory names its files.
  for (const name of ["README.txt", "account.json", "notices.json", "consent.json"]) expect(zip.includes(Buffer.from(name)), name).toBe(true);
});
