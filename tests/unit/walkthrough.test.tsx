// @vitest-environment jsdom
import { readFileSync, statSync } from "node:fs";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { WALKTHROUGH, WALKTHROUGH_FILES, vttTime } from "../../app/routes/guide/+lib/walkthrough";
import Walkthrough from "../../app/routes/guide/walkthrough";
import { WALKTHROUGH_STEPS, walkthroughStamp } from "../../scripts/walkthrough/steps";

/**
 * The video walkthrough stays true to its steps (issue 27, scope 3), without a browser or ffmpeg:
 * the recorded files in public/walkthrough/ against scripts/walkthrough/steps.ts.
 */
const file = (name: string) => `public/walkthrough/${name}`;
const RERECORD = "the walkthrough's steps changed since it was recorded: run `npm run walkthrough` and commit public/walkthrough/";

type Cue = { start: number; end: number; text: string };

/** A WebVTT parser for what the captions use: the header, then cues (optional id, timings, text) split by blank lines. */
function parseVtt(source: string): Cue[] {
  const blocks = source.replace(/\r\n?/g, "\n").trim().split(/\n{2,}/);
  expect(blocks.shift(), "a WebVTT file starts with WEBVTT").toMatch(/^WEBVTT(?:[ \t].*)?$/);
  const seconds = (t: string) => {
    const m = /^(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(t);
    if (!m) throw new Error(`not a WebVTT time: ${t}`);
    return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
  };
  return blocks.map((block) => {
    const lines = block.split("\n");
    if (!lines[0]!.includes("-->")) lines.shift();
    const timing = /^(\S+) --> (\S+)/.exec(lines[0] ?? "");
    if (!timing) throw new Error(`a cue without timings: ${block}`);
    return { start: seconds(timing[1]!), end: seconds(timing[2]!), text: lines.slice(1).join("\n") };
  });
}

describe("the video walkthrough of answering charges", () => {
  afterEach(cleanup);

  it("was recorded from the current steps (else: run npm run walkthrough)", () => {
    const recorded = JSON.parse(readFileSync(file(WALKTHROUGH_FILES.data), "utf8")) as typeof WALKTHROUGH;
    expect(recorded.stamp, RERECORD).toBe(walkthroughStamp());
    expect(recorded.steps, RERECORD).toEqual(WALKTHROUGH_STEPS.map(({ title, caption, seconds }) => ({ title, caption, seconds })));
  });

  it("has a captions cue for each step, in order, timed to the steps' durations", () => {
    const cues = parseVtt(readFileSync(file(WALKTHROUGH_FILES.vtt), "utf8"));
    expect(cues.map((c) => c.text), RERECORD).toEqual(WALKTHROUGH_STEPS.map((s) => s.caption));
    let at = 0;
    for (const [i, cue] of cues.entries()) {
      expect(cue.start, `cue ${i + 1} starts where the last ended`).toBeCloseTo(at, 3);
      expect(cue.end, `cue ${i + 1} lasts its step's seconds`).toBeCloseTo(at + WALKTHROUGH_STEPS[i]!.seconds, 3);
      expect(cue.end).toBeGreaterThan(cue.start);
      at = cue.end;
    }
    expect(vttTime(3725.5)).toBe("01:02:05.500");
  });

  it("has the video as a WebM file, small enough for a phone, and its poster", () => {
    const video = readFileSync(file(WALKTHROUGH_FILES.video));
    expect([...video.subarray(0, 4)], "the EBML header of a WebM file").toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(video.includes(Buffer.from("webm")), "the EBML DocType is webm").toBe(true);
    expect(video.length).toBeLessThan(2 * 1024 * 1024);
    const poster = readFileSync(file(WALKTHROUGH_FILES.poster));
    expect([...poster.subarray(0, 3)], "a JPEG").toEqual([0xff, 0xd8, 0xff]);
    expect(statSync(file(WALKTHROUGH_FILES.poster)).size).toBeGreaterThan(1000);
  });

  it("shows the video with its captions track and the steps' captions as the transcript", () => {
    const Stub = createRoutesStub([{ path: "/guide/walkthrough", Component: Walkthrough }]);
    const { container } = render(<Stub initialEntries={["/guide/walkthrough"]} />);
    const video = container.querySelector("video")!;
    expect(video.hasAttribute("controls")).toBe(true);
    expect(video.getAttribute("preload")).toBe("metadata");
    expect(video.getAttribute("poster")).toBe(`/walkthrough/${WALKTHROUGH_FILES.poster}`);
    expect(video.querySelector("source")!.getAttribute("src")).toBe(`/walkthrough/${WALKTHROUGH_FILES.video}`);
    const track = video.querySelector("track")!;
    expect([track.getAttribute("kind"), track.getAttribute("srclang"), track.getAttribute("src"), track.hasAttribute("default")]).toEqual([
      "captions",
      "en",
      `/walkthrough/${WALKTHROUGH_FILES.vtt}`,
      true,
    ]);
    const steps = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(steps.map((li) => [li.querySelector("h3")!.textContent, li.querySelector("p")!.textContent])).toEqual(
      WALKTHROUGH_STEPS.map((s) => [s.title, s.caption]),
    );
    expect(screen.getByRole("link", { name: "Download the video (WebM)" }).getAttribute("href")).toBe(`/walkthrough/${WALKTHROUGH_FILES.video}`);
  });
});
