import {
  analyticsEventsFor,
  expect,
  expectAccessible,
  ON_TOOLS_SERVER,
  signedInAs,
  STAND_IN_ORIGIN,
  test,
  uniqueStamp,
  type AnalyticsEvent,
} from "./fixtures";

/**
 * Analytics and session recording (issue 26, scope 4), on the tools server (PostHog configured
 * to its offline stand-in at STAND_IN_ORIGIN): nothing reaches PostHog before the tenant says
 * yes; after, the server sends the page views and the journey's events of a checkout (Confirm,
 * Agree to Terms) and of a claim answer (accepting the charges) under the tenant's user id and
 * nothing personal, with JavaScript on or off; the recorder starts only where script runs, with
 * every input masked.
 */
test.use(ON_TOOLS_SERVER);

type Ops = (path: string, body: unknown) => Promise<unknown>;
type Created = { orderId: string; tenancyId: string; tenants: { userId: string; customerId: string }[] };

/** One tenant with a checkout at Confirm (a new tenancy) and, on an earlier tenancy, the landlord's charges raised. */
async function tenantWithCheckoutAndClaim(ops: Ops) {
  const person = { email: `analytics-${uniqueStamp()}@example.test`, firstName: "Rowan", lastName: "Quill" };
  const earlier = (await ops("create-tenancy", {
    tenants: [person],
    ppm: 52_000,
    startDate: "2025-01-01",
    endDate: "2026-10-31",
    isNewTenancy: false,
    topUpEnabled: true,
    orderStatus: "COMPLETE",
  })) as Created;
  const claim = (await ops("raise-claim", {
    tenancyId: earlier.tenancyId,
    items: [{ description: "Oven clean", type: "CLEANING", amount: 18_000, evidence: 0 }],
    mediationEnabled: true,
    organization: { name: "Harbour Lettings" },
  })) as { claimId: string };
  const checkout = (await ops("create-tenancy", {
    tenants: [{ ...person, onboardingIntroductionComplete: true }],
    ppm: 130_000,
    startDate: "2027-01-01",
    endDate: "2028-06-30",
    isNewTenancy: true,
    topUpEnabled: false,
    actionTypes: ["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING", "KEYFREE_CONFIRM", "KEYFREE_SIGN", "KEYFREE_PAY"],
    completed: [["KEYFREE_ABOUT_YOU", "KEYFREE_ADDRESS_HISTORY", "KEYFREE_REFERENCING"]],
  })) as Created;
  const tenant = checkout.tenants[0]!;
  expect(earlier.tenants[0]!.userId, "one tenant on both tenancies").toBe(tenant.userId);
  return { ...person, userId: tenant.userId, orderId: checkout.orderId, customerId: tenant.customerId, claimId: claim.claimId };
}

const named = (events: AnalyticsEvent[], event: string, property?: [string, unknown]) =>
  events.filter((e) => e.event === event && (!property || e.properties[property[0]] === property[1]));

test("analytics: nothing before consent; then a checkout's and a claim answer's events reach PostHog's stand-in as the tenant's user id, nothing personal, the recorder only with script", async ({
  page,
  ops,
  request,
  isJsOn,
}) => {
  test.slow(); // a checkout's two steps and a claim answer
  const t = await tenantWithCheckoutAndClaim(ops);
  const toStandIns: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(STAND_IN_ORIGIN)) toStandIns.push(r.url());
  });
  const checkout = `/checkout/${t.orderId}/${t.customerId}`;

  // Before consent: the dashboard and the claim's page, the banner still asking.
  await signedInAs(page, t.email);
  await expect(page.getByRole("button", { name: "Accept additional cookies" })).toBeVisible();
  await page.goto(`/claims/${t.claimId}`);
  await page.goto(`${checkout}/confirm`);
  await expect(page.getByRole("heading", { level: 1, name: "Is everything correct?" })).toBeVisible();
  expect(toStandIns, "no request to PostHog before consent").toEqual([]);
  expect(await analyticsEventsFor(request, t.userId), "no event before consent").toEqual([]);

  // Yes to the additional cookies: the page comes back, the banner gone.
  await page.getByRole("button", { name: "Accept additional cookies" }).click();
  await expect(page).toHaveURL(new RegExp(`${checkout}/confirm$`));
  await expect(page.getByRole("button", { name: "Accept additional cookies" })).toHaveCount(0);
  if (isJsOn) {
    // The recorder stand-in started with what the page gave it: inputs and text masked, nothing captured by itself, the user id only.
    await page.waitForFunction(() => (window as unknown as { __postHogStandIn?: { status?: unknown } }).__postHogStandIn?.status !== undefined);
    const started = await page.evaluate(() => (window as unknown as { __postHogStandIn: { token: string; config: Record<string, unknown>; status: unknown } }).__postHogStandIn);
    expect(started.token).toBe("phc_e2e_standin_project_key");
    expect(started.config).toMatchObject({
      api_host: `${STAND_IN_ORIGIN}/__stand-ins/posthog`,
      autocapture: false,
      capture_pageview: false,
      disable_session_recording: false,
      mask_all_text: true,
      session_recording: { maskAllInputs: true },
      bootstrap: { distinctID: t.userId },
    });
    expect(started.status, "the recording's first post let through by the page's CSP and accepted with the key").toBe(200);
  }
  await expectAccessible(page);

  // The checkout: Confirm (every box ticked), then Agree to Terms, on to Pay.
  const boxes = page.getByRole("group", { name: "Please confirm" }).getByRole("checkbox");
  const count = await boxes.count();
  for (let i = 0; i < count; i += 1) await boxes.nth(i).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${checkout}/sign$`));
  await page.getByRole("checkbox", { name: "Accept terms" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${checkout}/pay$`));
  // Read again: still counted once.
  await page.reload();

  // The claim answer: accepting the charges.
  await page.goto(`/claims/${t.claimId}/accept`);
  await page.getByRole("button", { name: "Accept charges" }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${t.claimId}/pay$`));

  let events: AnalyticsEvent[] = [];
  await expect
    .poll(async () => {
      events = await analyticsEventsFor(request, t.userId);
      return events.map((e) => `${e.event} ${String(e.properties.step ?? e.properties.$pathname ?? "")}`.trim());
    })
    .toEqual(
      expect.arrayContaining([
        "$pageview /checkout/:orderId/:customerId/confirm",
        "$pageview /checkout/:orderId/:customerId/sign",
        "$pageview /checkout/:orderId/:customerId/pay",
        "checkout step done KEYFREE_CONFIRM",
        "checkout step done KEYFREE_SIGN",
        "$pageview /claims/:claimId/accept",
        "charges accepted",
        "$pageview /claims/:claimId/pay",
      ]),
    );

  // Each step counted once (the Pay page was read twice), every event the tenant's by user id.
  expect(named(events, "checkout step done", ["step", "KEYFREE_CONFIRM"])).toHaveLength(1);
  expect(named(events, "checkout step done", ["step", "KEYFREE_SIGN"])).toHaveLength(1);
  expect(named(events, "charges accepted")).toHaveLength(1);
  expect(new Set(events.map((e) => e.uuid)).size).toBe(events.length);
  expect(events.every((e) => e.distinctId === t.userId)).toBe(true);
  // Nothing from before the tenant said yes: the dashboard and the claim's own page were seen only then.
  expect(named(events, "$pageview", ["$pathname", "/"])).toEqual([]);
  expect(named(events, "$pageview", ["$pathname", "/claims/:claimId"])).toEqual([]);
  // No personal data: no e-mail, name, record id, amount or query string in any event.
  const sent = JSON.stringify(events.map(({ event, properties }) => ({ event, properties })));
  for (const personal of [t.email, t.firstName, t.lastName, t.orderId, t.customerId, t.claimId, "180", "£", "?"]) {
    expect(sent, `events carry no ${personal}`).not.toContain(personal);
  }

  // The recording: with script, started as the tenant; without it, none and no request to PostHog at all.
  if (isJsOn) {
    // The stand-in starts once per page loaded (the real recorder carries one session across them).
    const recordings = named(events, "$recording_started");
    expect(recordings.length).toBeGreaterThan(0);
    expect(recordings.every((e) => e.distinctId === t.userId && e.properties.maskAllInputs === true)).toBe(true);
  } else {
    expect(named(events, "$recording_started")).toEqual([]);
    expect(toStandIns, "without JavaScript the browser never asks PostHog for anything").toEqual([]);
  }
});
