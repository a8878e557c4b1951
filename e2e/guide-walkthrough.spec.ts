import { expect, expectAccessible, test } from "./fixtures";

/**
 * The video walkthrough of answering charges (issue 27, scope 3), JavaScript on and off, signed
 * out: a native video with a captions track (served as WebVTT), its poster and download, and the
 * transcript as numbered steps. It sends no script (e2e/delivery.spec.ts checks that).
 */
test("the walkthrough page: the video with its captions track, the files it names, and the transcript", async ({ page, request }) => {
  await page.goto("/guide/walkthrough");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Video: answering your end of tenancy charges" })).toBeVisible();

  const video = main.locator("video");
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("preload", "metadata");
  const track = video.locator('track[kind="captions"]');
  await expect(track).toHaveAttribute("srclang", "en");
  await expect(track).toHaveAttribute("default", "");

  // The captions answer as WebVTT, and their cues are the transcript's words, in order.
  const captions = await request.get((await track.getAttribute("src"))!);
  expect(captions.status()).toBe(200);
  expect(captions.headers()["content-type"]).toMatch(/^text\/vtt\b/);
  const vtt = await captions.text();
  expect(vtt.startsWith("WEBVTT")).toBe(true);
  const cues = vtt
    .trim()
    .split(/\n{2,}/)
    .slice(1)
    .map((cue) => cue.split("\n").slice(2).join(" "));

  const steps = main.getByRole("list").filter({ has: page.getByRole("heading", { level: 3 }) }).getByRole("listitem");
  await expect(steps).toHaveCount(cues.length);
  expect(cues.length).toBeGreaterThan(3);
  expect(await steps.locator("p").allTextContents()).toEqual(cues);
  await expect(steps.first().getByRole("heading", { level: 3 })).toHaveText("Your end of tenancy charges");

  // The video, its poster and the download link answer with their types.
  const source = (await video.locator("source").getAttribute("src"))!;
  const webm = await request.get(source);
  expect([webm.status(), webm.headers()["content-type"]]).toEqual([200, "video/webm"]);
  expect([...(await webm.body()).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  const poster = await request.get((await video.getAttribute("poster"))!);
  expect([poster.status(), poster.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
  await expect(main.getByRole("link", { name: "Download the video (WebM)" })).toHaveAttribute("href", source);

  await expectAccessible(page);
});
