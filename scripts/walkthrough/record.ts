/**
 * `npm run walkthrough`: records the video walkthrough of answering charges (issue 27, scope 3)
 * from the app itself, so it stays true when the screens change. Starts the built app
 * (`tsx web-server.ts`, NODE_ENV=test, its own data folder and port, the demo data loaded), signs
 * in the demo tenant claim@ by a minted session, runs each step of scripts/walkthrough/steps.ts in
 * Debian's Chromium at a phone's width and captures its screen, then has ffmpeg make the video.
 * Writes to public/walkthrough/: answering-charges.webm (VP9), .vtt (the captions, timed to the
 * steps), .jpg (the poster: the first screen) and .json (the transcript and the steps' stamp,
 * which tests/walkthrough.test.ts compares with the steps).
 *
 * Needs `npm run build` first (the npm script does it) and ffmpeg (`apt-get install ffmpeg`).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { buildVtt, WALKTHROUGH_FILES, type WalkthroughData } from "../../app/routes/guide/+lib/walkthrough";
import { WALKTHROUGH_STEPS, walkthroughStamp } from "./steps";

const PORT = Number(process.env.WALKTHROUGH_PORT ?? 3190);
const DATA_DIR = ".data/walkthrough";
const OUT = "public/walkthrough";
const BASE = `http://localhost:${PORT}`;
/** A phone's width (CSS pixels), captured at twice the pixels so the text stays sharp. */
const VIEWPORT = { width: 390, height: 640 };
const SCALE = 2;
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${BASE}/auth/login`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer on ${BASE}`);
}

async function main() {
  if (!existsSync("build/server/index.js")) throw new Error("no build: run `npm run build` first");
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = spawn("npx", ["tsx", "web-server.ts"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR, NODE_ENV: "test", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const frames = mkdtempSync(path.join(tmpdir(), "walkthrough-"));
  try {
    await waitForServer();
    const token = readFileSync(path.join(DATA_DIR, "ops-token"), "utf8").trim();
    const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"] });
    const context = await browser.newContext({ baseURL: BASE, viewport: VIEWPORT, deviceScaleFactor: SCALE, reducedMotion: "reduce" });
    const minted = await context.request.post("/__ops/web-session", { data: { email: "claim@keyfree.example" }, headers: { "x-ops-token": token } });
    if (minted.status() !== 204) throw new Error(`a session for claim@: ${minted.status()} ${await minted.text()}`);
    const page = await context.newPage();
    for (const [i, step] of WALKTHROUGH_STEPS.entries()) {
      console.log(`step ${i + 1}: ${step.title}`);
      await step.act(page);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: path.join(frames, `${String(i).padStart(2, "0")}.png`), animations: "disabled", caret: "hide" });
    }
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }

  mkdirSync(OUT, { recursive: true });
  // ffmpeg's concat list: each screen for its step's seconds (the last named twice, as concat needs).
  const list = WALKTHROUGH_STEPS.map((s, i) => `file '${path.join(frames, `${String(i).padStart(2, "0")}.png`)}'\nduration ${s.seconds}`);
  list.push(`file '${path.join(frames, `${String(WALKTHROUGH_STEPS.length - 1).padStart(2, "0")}.png`)}'`);
  writeFileSync(path.join(frames, "list.txt"), list.join("\n") + "\n");
  const video = path.join(OUT, WALKTHROUGH_FILES.video);
  const ffmpegArgs = [
    "-y", "-hide_banner", "-loglevel", "error",
    "-f", "concat", "-safe", "0", "-i", path.join(frames, "list.txt"),
    "-vf", `scale=${VIEWPORT.width * SCALE}:${VIEWPORT.height * SCALE}:flags=lanczos,fps=5,format=yuv420p`,
    "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "40", "-deadline", "good", "-cpu-used", "2", "-row-mt", "1",
    "-g", "50", "-an", "-metadata", "title=Answering end of tenancy charges", video,
  ];
  console.log(`ffmpeg ${ffmpegArgs.join(" ")}`);
  run("ffmpeg", ffmpegArgs);
  // The poster: the first screen, at the video's size.
  run("ffmpeg", ["-y", "-hide_banner", "-loglevel", "error", "-i", path.join(frames, "00.png"), "-q:v", "4", path.join(OUT, WALKTHROUGH_FILES.poster)]);
  rmSync(frames, { recursive: true, force: true });

  const data: WalkthroughData = {
    stamp: walkthroughStamp(),
    width: VIEWPORT.width,
    height: VIEWPORT.height,
    steps: WALKTHROUGH_STEPS.map(({ title, caption, seconds }) => ({ title, caption, seconds })),
  };
  writeFileSync(path.join(OUT, WALKTHROUGH_FILES.vtt), buildVtt(data.steps));
  writeFileSync(path.join(OUT, WALKTHROUGH_FILES.data), JSON.stringify(data, null, 2) + "\n");
  console.log(`wrote ${video} (${statSync(video).size} bytes, ${data.steps.reduce((t, s) => t + s.seconds, 0)} s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
