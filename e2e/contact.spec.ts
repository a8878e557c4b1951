import { TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL, SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR } from "#common/support-messages";
import { expect, expectAccessible, NO_BROWSER, outboxFor, signedInAs, test, uniqueStamp } from "./fixtures";

/**
 * The contact page (issue 26, scope 3): a message to support with no script and no third party,
 * signed in or not, from a stuck payment's page to the support e-mail and the receipt in the dev
 * mailbox. Runs with JavaScript on and off; the page sends no script either way.
 */
const SUPPORT_EMAIL = "support@keyfree.example";

test("from a payment that is taking long: 'contact us' opens the contact page about that payment; the message reaches support and the tenant gets a receipt", async ({
  page,
  ops,
}) => {
  const stamp = uniqueStamp();
  const email = `contact-${stamp}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Remi", lastName: "Adeyemi" }],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: false,
  })) as { orderId: string; tenants: Array<{ customerId: string }> };
  const order = { orderId: tenancy.orderId, customerId: tenancy.tenants[0]!.customerId };

  // A payment's success page once the payment has taken longer than 30 seconds (the polling's
  // time-out sends the tenant here with the order: app/lib/payment-success.server.ts).
  await signedInAs(page, email, `/claims/payment-success?waitingPayment=true&orderId=${order.orderId}&customerId=${order.customerId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your payment is taking longer than expected!" })).toBeVisible();
  await expect(page.getByText("Please contact us if this issue persists.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("main").getByRole("link", { name: "contact us" }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?topic=payment&orderId=${order.orderId}&customerId=${order.customerId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await expect(page.getByText("Your Keyfree", { exact: true })).toBeVisible();
  await expect(page.getByText(`We will reply to ${email}, the email address of your account.`)).toBeVisible();
  await expect(page.getByLabel("What do you need help with?")).toHaveValue("PAYMENT");
  // Signed in, the account's name and e-mail are used: the form does not ask for them.
  await expect(page.getByLabel("Your email address")).toHaveCount(0);
  await expect(page.locator("script")).toHaveCount(0);
  await expectAccessible(page);

  // Nothing written: the error summary, and the field's own message.
  await page.getByRole("button", { name: "Send message" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Enter your message" })).toBeVisible();
  await expect(page).toHaveTitle("Error: Contact us — Keyfree");
  await expect(page.getByText("Your Keyfree", { exact: true })).toBeVisible();
  await expectAccessible(page);

  const message = `My payment for the charges has said processing since this morning (${stamp}).`;
  await page.getByLabel("Your message").fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.getByRole("heading", { level: 1, name: "Message sent" })).toBeVisible();
  await expectAccessible(page);

  // The support team's e-mail, in the dev mailbox: who, the topic, the payment's order, the message.
  const toSupport = (await outboxFor(page.request, SUPPORT_EMAIL)).find((e) => e.text.includes(message));
  expect(toSupport, "the message is e-mailed to support").toBeTruthy();
  await page.goto(`/dev/mail/${toSupport!.id}`);
  await expect(page.getByText(`From: Remi Adeyemi <${email}>`)).toBeVisible();
  await expect(page.getByText("Topic: A payment")).toBeVisible();
  await expect(page.getByText(`About: Order ${order.orderId}`)).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();

  // Another tenant's Keyfree in the link is not offered: the form is about nothing in particular.
  const other = (await ops("create-tenancy", {
    tenants: [{ email: `contact-other-${stamp}@example.test`, firstName: "Alex", lastName: "Other" }],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2027-12-31",
    isNewTenancy: true,
    topUpEnabled: false,
  })) as { orderId: string; tenants: Array<{ customerId: string }> };
  await page.goto(`/contact?topic=keyfree&orderId=${other.orderId}&customerId=${other.tenants[0]!.customerId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What this message is about" })).toHaveCount(0);
  await expect(page.getByLabel("What do you need help with?")).toHaveValue("KEYFREE");
  await expectAccessible(page);

  // The tenant's receipt, through the dev mailbox's list.
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /We have your message/ }).click();
  await expect(page.getByText("We have received your message and will reply to this email address as soon as we can.")).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
});

test("signed out: the form asks for a name and an e-mail address and sends the receipt there", async ({
  page,
  request,
}) => {
  const stamp = uniqueStamp();
  const email = `contact-out-${stamp}@example.test`;
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: "log in" })).toHaveAttribute("href", "/auth/login?redirectTo=%2Fcontact");
  await expectAccessible(page);

  // Nothing filled in: each required field's message, the summary linking to each field.
  await page.getByRole("button", { name: "Send message" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  for (const problem of ["Choose what you need help with", "Enter your name", "Enter your email address", "Enter your message"]) {
    await expect(summary.getByRole("link", { name: problem })).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByLabel("What do you need help with?").selectOption({ label: "Something else" });
  await page.getByLabel("Your name").fill("Sam Okafor");
  await page.getByLabel("Your email address").fill(email);
  const message = `I cannot log in to see my Keyfree (${stamp}).`;
  await page.getByLabel("Your message").fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Message sent" })).toBeVisible();

  const receipts = await outboxFor(request, email);
  expect(receipts.map((e) => e.template)).toEqual(["SUPPORT_MESSAGE_RECEIPT"]);
  expect(receipts[0]!.text).toContain(message);
  const toSupport = (await outboxFor(request, SUPPORT_EMAIL)).find((e) => e.text.includes(message));
  expect(toSupport?.text).toContain(`From: Sam Okafor <${email}>`);
  expect(toSupport?.text).toContain("Signed in: no");
});

test("one e-mail address sends at most 5 messages an hour: the next gets the form again with the reason and nothing typed lost", NO_BROWSER, async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  try {
    const email = `contact-busy-${uniqueStamp()}@example.test`;
    const html = await (await request.get("/contact")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(csrf, "the contact page carries the CSRF token").not.toBe("");
    const send = (message: string) =>
      request.post("/contact", { form: { csrf, topic: "OTHER", name: "Busy Bee", email, message }, maxRedirects: 0 });
    for (let i = 1; i <= SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR; i++) {
      const sent = await send(`Message number ${i}`);
      expect(sent.status(), `message ${i}`).toBe(302);
      expect(sent.headers().location).toBe("/contact/sent");
    }
    const refused = await send("One message too many");
    expect(refused.status()).toBe(429);
    const page = await refused.text();
    expect(page).toContain(TOO_MANY_SUPPORT_MESSAGES_FROM_EMAIL.replace(/'/g, "&#x27;"));
    expect(page).toContain("One message too many");
    expect(page).toContain(`value="${email}"`);
    expect((await outboxFor(request, email)).length).toBe(SUPPORT_MESSAGES_PER_EMAIL_PER_HOUR);
  } finally {
    await request.dispose();
  }
});
