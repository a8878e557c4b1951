import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { TOOLS_ENV } from "../playwright.config";
import { expect, expectAccessible, ON_TOOLS_SERVER, signedInAs, STAND_IN_ORIGIN, test, uniqueStamp } from "./fixtures";

/**
 * The live chat (issue 26 scope 2), on the tools server: Intercom configured to its offline
 * stand-in (stand-ins/intercom/messenger.js) at another origin, which records on
 * window.__intercomStandIn every call and what it booted with. Nothing loads before the tenant
 * says yes; then a signed-in tenant's pages boot it with who they are and the API's identity
 * hash, the page after logout shuts it down before booting a visitor, the offer page boots a
 * visitor, and "contact us" offers "or chat with us". With JavaScript off none of it runs and
 * the contact page's link is there all the same.
 */
test.use(ON_TOOLS_SERVER);

type StandIn = {
  calls: [string, ...unknown[]][];
  booted: boolean;
  bootedWith: Record<string, string> | null;
  session: string | null;
  pings: number;
};
const standIn = (page: Page) => page.evaluate(() => (window as unknown as { __intercomStandIn?: StandIn }).__intercomStandIn ?? null);
const visitor = { api_base: TOOLS_ENV.INTERCOM_API_BASE, app_id: TOOLS_ENV.INTERCOM_APP_ID };

/** Waits for the stand-in to have booted on this page and answered its ping (the CSP let both in), and returns what it recorded. */
async function booted(page: Page): Promise<StandIn> {
  await expect.poll(async () => (await standIn(page))?.pings ?? 0).toBe(1);
  const state = (await standIn(page))!;
  expect(state.booted).toBe(true);
  return state;
}

test("live chat: nothing before consent; a tenant's own chat after it, shut down at logout; a visitor's on the offer page; 'or chat with us'", async ({
  page,
  newTenant,
  ops,
  isJsOn,
}) => {
  const toStandIns: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(STAND_IN_ORIGIN)) toStandIns.push(request.url());
  });
  // Whatever the page's CSP refuses is reported here (the event and Chromium's console line both),
  // except while axe runs: it applies styles of its own, which the CSP rightly refuses.
  const refused: string[] = [];
  let checking = false;
  const report = (line: string) => {
    if (!checking) refused.push(line);
  };
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) report(message.text());
  });
  page.on("pageerror", (error) => report(`page error: ${error.message}`));
  const accessible = async () => {
    checking = true;
    await expectAccessible(page);
    checking = false;
  };
  if (isJsOn) {
    await page.exposeFunction("__reportCsp", report);
    await page.addInitScript(() =>
      addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { __reportCsp: (l: string) => void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
  }

  const tenant = await newTenant({ firstName: "Jordan" });
  await signedInAs(page, tenant.email, "/");
  await expect(page.getByRole("heading", { name: "Cookies on Keyfree" })).toBeVisible();
  // Before consent: no request to the chat (or any outside tool), no messenger, no offer.
  expect(toStandIns).toEqual([]);
  if (isJsOn) expect(await standIn(page)).toBeNull();

  await page.getByRole("button", { name: "Accept additional cookies" }).click();
  await expect(page.getByRole("heading", { name: "Cookies on Keyfree" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  if (isJsOn) {
    // The tenant's own chat: id, e-mail, name, user type id, and the identity hash the API made
    // (HMAC-SHA256 of the id with INTERCOM_IDENTITY_SECRET), as Intercom would verify it.
    const state = await booted(page);
    expect(state.calls.map((call) => call[0])).toEqual(["boot"]);
    expect(state.bootedWith).toEqual({
      ...visitor,
      user_id: tenant.userId,
      email: tenant.email,
      name: "Jordan Tenant",
      user_type_id: "TENANT",
      user_hash: createHmac("sha256", TOOLS_ENV.INTERCOM_IDENTITY_SECRET).update(tenant.userId).digest("hex"),
    });
    expect(state.session).toBe(`user:${tenant.userId}`);
    const launcher = page.getByRole("button", { name: "Chat with us" });
    await expect(launcher).toBeVisible();
    await accessible();
    await launcher.click();
    await expect(page.getByRole("dialog", { name: "Chat with us" })).toContainText("development stand-in");
    await expect(page.getByRole("button", { name: "Close the chat" })).toBeFocused();
    await accessible();
    await page.getByRole("button", { name: "Close the chat" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(launcher).toBeFocused();
  }

  // Logout: the next page shuts the tenant's chat down, then boots a visitor's.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  if (isJsOn) {
    const state = await booted(page);
    expect(state.calls.map((call) => call[0])).toEqual(["shutdown", "boot"]);
    expect(state.bootedWith).toEqual(visitor);
    // Shut down first, so the visitor does not carry on the tenant's conversation.
    expect(state.session).toMatch(/^visitor:/);
    await accessible();
  }

  // The offer page, without login: a visitor's chat, no shutdown (nobody to forget now).
  const s = uniqueStamp();
  const offer = (await ops("create-offer", {
    address: { buildingNumber: "4", street: "Mill Lane", town: "Leeds", postcode: "LS1 4AP" },
    savingAmount: 115_385,
    keyfreeAmount: 34_615,
    cashDepositAmount: 150_000,
    annualFeesEnabled: false,
    recipients: [{ email: `kim-${s}@example.test`, firstName: "Kim", lastName: "Park" }],
  })) as { keyfreeOfferId: string; recipients: { token: string }[] };
  await page.goto(`/keyfree-offer/${offer.keyfreeOfferId}?token=${encodeURIComponent(offer.recipients[0]!.token)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Save £1,153.85 with Keyfree!" })).toBeVisible();
  if (isJsOn) {
    const state = await booted(page);
    expect(state.calls).toEqual([["boot", visitor]]);
  }

  // A "contact us" sentence: the contact page always; with the chat running, "or chat with us" too.
  await page.goto("/tenancy-inventory-error");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact?topic=keyfree");
  if (isJsOn) {
    await booted(page);
    await expect(main).toContainText("Please contact us or chat with us and we'll get this sorted for you.");
    await accessible();
    await main.getByRole("button", { name: "chat with us" }).click();
    await expect(page.getByRole("dialog", { name: "Chat with us" })).toBeVisible();
    expect((await standIn(page))!.calls.map((call) => call[0])).toEqual(["boot", "show"]);
  } else {
    await expect(main).toContainText("Please contact us and we'll get this sorted for you.");
    await expect(page.getByRole("button", { name: /chat with us/i })).toHaveCount(0);
    // Without JavaScript nothing of the chat ran: not one request to it, consent or not.
    expect(toStandIns).toEqual([]);
  }
  expect(refused).toEqual([]);
});

test("the chat on a card page, which React hydrates: booted for the tenant, the page hydrates without an error, and logout from it shuts the chat down", async ({ page, ops, isJsOn }) => {
  const toStandIns: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(STAND_IN_ORIGIN)) toStandIns.push(request.url());
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const email = `chat-card-${uniqueStamp()}@example.test`;
  const tenancy = (await ops("create-tenancy", {
    tenants: [{ email, firstName: "Ana", lastName: "Fee" }],
    ppm: 120_000,
    startDate: "2025-01-01",
    endDate: "2027-12-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as { tenancyId: string };
  await ops("create-annual-fee", { tenancyId: tenancy.tenancyId, years: 1 });
  await signedInAs(page, email);
  await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);
  await page.getByRole("button", { name: "Accept additional cookies" }).click();
  await expect(page.getByRole("heading", { name: "Cookies on Keyfree" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/annual-fee\/[^/]+\/[^/]+$/);
  if (isJsOn) {
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByLabel("Card number")).toBeVisible();
    const state = await booted(page);
    expect(state.bootedWith).toMatchObject({ email, name: "Ana Fee", user_type_id: "TENANT" });
    await expect(page.getByRole("button", { name: "Chat with us" })).toBeVisible();
    expect(errors).toEqual([]);
  } else {
    await expect(page.getByRole("heading", { name: "Card details need JavaScript" })).toBeVisible();
  }
  // Logging out from a page running React loads login whole (not a client-side navigation), so the
  // chat is shut down there too.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  if (isJsOn) {
    const state = await booted(page);
    expect(state.calls.map((call) => call[0])).toEqual(["shutdown", "boot"]);
    expect(state.bootedWith).toEqual(visitor);
  } else {
    expect(toStandIns).toEqual([]);
  }
});
