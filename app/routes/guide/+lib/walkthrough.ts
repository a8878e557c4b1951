/**
 * The video walkthrough of answering charges (issue 27, scope 3): its files under /walkthrough/
 * (public/walkthrough/, made by `npm run walkthrough` from scripts/walkthrough/steps.ts), its
 * captions as WebVTT, and the transcript the page shows (the same steps, from the recording's
 * JSON).
 */
import recorded from "../../../../public/walkthrough/answering-charges.json";

export const WALKTHROUGH_FILES = {
  video: "answering-charges.webm",
  vtt: "answering-charges.vtt",
  poster: "answering-charges.jpg",
  data: "answering-charges.json",
} as const;

export type WalkthroughData = {
  /** A hash of the steps' words and timings when recorded (scripts/walkthrough/steps.ts). */
  stamp: string;
  /** The video's size in CSS pixels (it is recorded at twice that). */
  width: number;
  height: number;
  steps: { title: string; caption: string; seconds: number }[];
};

/** The recording as last made. */
export const WALKTHROUGH: WalkthroughData = recorded;

/** A cue time as WebVTT writes it: hh:mm:ss.ttt. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The captions: one cue per step, for the step's seconds, one after another. */
export function buildVtt(steps: WalkthroughData["steps"]): string {
  let start = 0;
  const cues = steps.map((step, i) => {
    const end = start + step.seconds;
    const cue = `${i + 1}\n${vttTime(start)} --> ${vttTime(end)}\n${step.caption}`;
    start = end;
    return cue;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/** The video's length in seconds. */
export const walkthroughSeconds = (steps: WalkthroughData["steps"]) => steps.reduce((total, step) => total + step.seconds, 0);
