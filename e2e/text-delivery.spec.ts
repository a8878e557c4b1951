import { expect, expectAccessible, NO_BROWSER, signedInAs, smsFor, test, uniqueStamp } from "./fixtures";

/**
 * Text messages' delivery receipts (issue 38; decision 0060): a tenant whose mobile number cannot
 * receive texts (the offline Twilio's range, 07700 900990–999) is sent "it's your turn"; the
 * stand-in sends the text and its signed "undelivered" status callback, the dev mailbox shows the
 * text with that status, and How we contact you (no script: the same page in both projects) says
 * "Your last text message could not be delivered" and what to do.
 */
const EARLIER = ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"];

test("a text to a number that cannot receive texts: the stand-in's callback is recorded, and How we contact you says it could not be delivered", async ({
  page,
  request,
  ops,
}) => {
  const stamp = uniqueStamp();
  const ann = { email: `undelivered-${stamp}@example.test`, firstName: "Ada", lastName: "Obi", mobileNumber: "07700900990" };
  const bo = { email: `undelivered-co-${stamp}@example.test`, firstName: "Bayo", lastName: "Obi" };
  const created = (await ops("create-tenancy", {
    tenants: [ann, bo],
    ppm: 120_000,
    startDate: "2027-01-01",
    endDate: "2028-06-30",
    isNewTenancy: true,
    topUpEnabled: true,
    completed: [[...EARLIER, "KEYFREE_CONFIRM"], EARLIER],
  })) as { tenants: Array<{ orderCustomerId: string }> };

  // Bo confirms: Ann's turn, by e-mail and by text. The clock's run sends the text through the
  // offline Twilio, which then posts its status callback (a run of the server's own sweeper may
  // get there first: whichever does, the status is recorded once).
  await ops("complete-checkout-actions", { orderCustomerId: created.tenants[1]!.orderCustomerId, types: ["KEYFREE_CONFIRM"] });
  await expect
    .poll(async () => {
      await ops("sweep", {});
      return (await smsFor(request, ann.email)).map((m) => [m.template, m.deliveryStatus, m.deliveryErrorCode]);
    })
    .toEqual([["CHECKOUT_YOUR_TURN", "undelivered", "30003"]]);

  // The dev mailbox still shows the text, with what the provider said.
  await signedInAs(page, ann.email, `/dev/mail?to=${encodeURIComponent(ann.email)}`);
  const text = page.getByRole("table", { name: `Text messages to ${ann.email}, newest first` }).getByRole("row").filter({ hasText: "it's your turn" });
  await expect(text).toContainText("Undelivered (error 30003)");

  // How we contact you says so, with the number and the way to change it.
  await page.goto("/notifications");
  const warning = page.locator(".notice").filter({ has: page.getByRole("heading", { name: "Your last text message could not be delivered" }) });
  await expect(warning).toContainText("Our last text message to 07700900990 did not reach a phone.");
  await expect(warning).toContainText("the one you gave in the About You step");
  await expect(warning.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact?topic=keyfree");
  await expect(page.locator("script[src]")).toHaveCount(0);
  await expectAccessible(page);
});

test("Twilio's and Stripe's webhook paths on the web server reach the API, which refuses an unsigned or wrongly signed post", NO_BROWSER, async ({ request }) => {
  const form = { MessageSid: `SM${"e".repeat(32)}`, MessageStatus: "delivered" };
  const unsigned = await request.post("/webhooks/twilio/status", { form });
  expect([unsigned.status(), await unsigned.json()]).toEqual([403, { message: "Invalid Twilio signature" }]);
  const forged = await request.post("/webhooks/twilio/status", { form, headers: { "x-twilio-signature": "bm90IGEgc2lnbmF0dXJl" } });
  expect(forged.status()).toBe(403);
  // Stripe's events reach the API the same way (its signature checked there), not the web app's 404.
  const stripe = await request.post("/webhooks/stripe", { data: { id: "evt_forged", type: "payment_intent.succeeded" }, headers: { "stripe-signature": "t=1,v1=forged" } });
  expect([stripe.status(), await stripe.json()]).toEqual([400, { message: "Invalid webhook signature" }]);
  // A body over 1 MB is refused before it is read whole.
  const huge = await request.post("/webhooks/stripe", { data: "x".repeat(1024 * 1024 + 1), headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" } });
  expect(huge.status()).toBe(413);
});
