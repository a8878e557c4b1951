import { expect, expectAccessible, outboxFor, signedInAs, smsFor, test, uniqueStamp } from "./fixtures";

/**
 * Notices (issue 28): 'Waiting for other tenants...' promises "We will let you know by email and
 * SMS" (part 1 §2.3). A co-tenant finishes their part of the checkout in the browser; the waiting
 * tenant's e-mail and text message arrive in the dev mailbox, and the e-mail's link opens the
 * step they can now do. Then the tenant turns text messages off ('How we contact you', a page
 * with no script: in the js-off project with JavaScript off), and the next notice is e-mailed
 * only.
 */
const EARLIER = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"];
const YOUR_TURN_SUBJECT = "It is your turn to finish your Keyfree";

test("a co-tenant confirms: the waiting tenant's e-mail and text message arrive, the link opens Agree to Terms; with text messages turned off the next notice is e-mailed only", async ({
  page,
  request,
  ops,
}) => {
  const stamp = uniqueStamp();
  const ann = { email: `waiting-${stamp}@example.test`, firstName: "Ngozi", lastName: "Bello", mobileNumber: "07700900123" };
  const bo = { email: `co-${stamp}@example.test`, firstName: "Femi", lastName: "Bello" };
  const created = (await ops("create-tenancy", {
    tenants: [ann, bo],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2028-06-30",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [[...EARLIER, "KEYFREE_CONFIRM"], EARLIER],
  })) as { orderId: string; tenants: Array<{ customerId: string; orderCustomerId: string }> };
  const [annOc, boOc] = created.tenants as [{ customerId: string; orderCustomerId: string }, { customerId: string; orderCustomerId: string }];
  const annCheckout = `/checkout/${created.orderId}/${annOc.customerId}`;
  const boCheckout = `/checkout/${created.orderId}/${boOc.customerId}`;

  // Ann has confirmed; Bo has not: Ann waits, and can see how we will contact her.
  await signedInAs(page, ann.email, annCheckout);
  await expect(page).toHaveURL(new RegExp(`${annCheckout}/sign$`));
  const waiting = page.getByRole("status").filter({ hasText: "Waiting for other tenants..." });
  await expect(waiting).toContainText("We will let you know by email and SMS");
  await expect(waiting.getByRole("link", { name: "How we contact you" })).toHaveAttribute("href", "/notifications");
  await expectAccessible(page);

  // Bo finishes his part in the browser: Confirm, every box ticked.
  await signedInAs(page, bo.email, boCheckout);
  await expect(page).toHaveURL(new RegExp(`${boCheckout}/confirm$`));
  const boxes = page.getByRole("group", { name: "Please confirm" }).getByRole("checkbox");
  for (let i = 0; i < (await boxes.count()); i += 1) await boxes.nth(i).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${boCheckout}/sign$`));
  await expect(page.getByRole("checkbox", { name: "Accept terms" })).toBeVisible();

  // Ann opens the dev mailbox: the e-mail and the text message.
  await signedInAs(page, ann.email, `/dev/mail?to=${encodeURIComponent(ann.email)}`);
  const emails = page.getByRole("table", { name: `E-mails to ${ann.email}, newest first` });
  await expect(emails.getByRole("link", { name: YOUR_TURN_SUBJECT })).toHaveCount(1);
  const texts = page.getByRole("table", { name: `Text messages to ${ann.email}, newest first` });
  const text = texts.getByRole("row").filter({ hasText: "it's your turn" });
  await expect(text).toHaveCount(1);
  await expect(text.getByRole("cell").first()).toHaveText("07700900123");
  await expect(text).toContainText("Keyfree: Hi Ngozi, it's your turn to finish your Keyfree:");
  await expect(text.getByRole("link")).toHaveAttribute("href", new RegExp(`${annCheckout}$`));
  await expectAccessible(page);
  // Bo, who acted, is told nothing.
  expect((await outboxFor(request, bo.email)).filter((e) => e.template === "CHECKOUT_YOUR_TURN")).toEqual([]);
  expect(await smsFor(request, bo.email)).toEqual([]);

  // The e-mail, and its link: it opens the step Ann can now do.
  await emails.getByRole("link", { name: YOUR_TURN_SUBJECT }).click();
  await expect(page.getByRole("heading", { level: 1, name: YOUR_TURN_SUBJECT })).toBeVisible();
  await expect(page.getByText(/The other tenants of .* have finished their part/)).toBeVisible();
  await page.getByRole("link", { name: new RegExp(`${annCheckout}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`${annCheckout}/sign$`));
  await expect(page.getByRole("heading", { level: 1, name: "Agree to Terms" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Accept terms" })).toBeVisible();

  // How we contact you, from the footer: the e-mail address, the mobile number, text messages on.
  await page.getByRole("contentinfo").getByRole("link", { name: "How we contact you" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "How we contact you" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(ann.email);
  await expect(page.getByRole("main")).toContainText("07700900123");
  await expect(page.getByRole("main")).toContainText("E-mails cannot be turned off");
  const on = page.getByRole("radio", { name: "Yes, send me text messages as well as e-mails" });
  const off = page.getByRole("radio", { name: "No, e-mail only" });
  await expect(on).toBeChecked();
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expectAccessible(page);

  // Text messages off: saved, with a message, and the page reads the setting back from the API.
  await off.check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. We will not send you text messages. We will still e-mail you every notice.")).toBeVisible();
  await expect(off).toBeChecked();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole("radio", { name: "No, e-mail only" })).toBeChecked();

  // The next notice: Ann signs and waits to pay; Bo signs both; Ann is e-mailed, not texted.
  await ops("complete-checkout-actions", { orderCustomerId: annOc.orderCustomerId, types: ["KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"] });
  await ops("complete-checkout-actions", { orderCustomerId: boOc.orderCustomerId, types: ["KEYFREE_SIGN", "KEYFREE_SIGN_ADDENDUM"] });
  const yourTurn = (await outboxFor(request, ann.email)).filter((e) => e.template === "CHECKOUT_YOUR_TURN");
  expect(yourTurn).toHaveLength(2);
  expect((await smsFor(request, ann.email)).map((m) => m.template)).toEqual(["CHECKOUT_YOUR_TURN"]);
});
