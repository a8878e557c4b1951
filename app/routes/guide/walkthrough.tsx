import { pageTitle } from "~/lib/product";
import { WALKTHROUGH, WALKTHROUGH_FILES, walkthroughSeconds } from "./+lib/walkthrough";

/**
 * The video walkthrough of answering end-of-tenancy charges (issue 27, scope 3), no login and no
 * script: a native video with its captions track (it plays without JavaScript), a download link,
 * and the transcript as numbered steps, which stands on its own for anyone who cannot watch.
 * The video, captions, poster and transcript are made from the app by `npm run walkthrough`.
 */
const TITLE = "Video: answering your end of tenancy charges";
const BASE = "/walkthrough/";

function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return [minutes ? `${minutes} minute${minutes === 1 ? "" : "s"}` : "", rest ? `${rest} second${rest === 1 ? "" : "s"}` : ""].filter(Boolean).join(" ");
}

export default function Walkthrough() {
  const { steps, width, height } = WALKTHROUGH;
  return (
    <div className="panel panel--narrow walkthrough">
      <title>{pageTitle(TITLE)}</title>
      <h1>{TITLE}</h1>
      <p>
        This video shows how to answer the charges your landlord or agent raises at the end of your tenancy: agreeing to a charge, proposing a
        different amount for another, then checking your answers and submitting them. It is {duration(walkthroughSeconds(steps))} long, has no
        sound, and has captions. Everything it shows is also written out below.
      </p>
      <figure className="walkthrough__figure">
        <video controls preload="metadata" width={width} height={height} poster={BASE + WALKTHROUGH_FILES.poster} className="walkthrough__video">
          <source src={BASE + WALKTHROUGH_FILES.video} type="video/webm" />
          <track kind="captions" src={BASE + WALKTHROUGH_FILES.vtt} srcLang="en" label="English" default />
          <p>
            Your browser cannot play this video. You can <a href={BASE + WALKTHROUGH_FILES.video}>download the video</a> or read what it shows
            below.
          </p>
        </video>
        <figcaption>
          <a href={BASE + WALKTHROUGH_FILES.video} download>
            Download the video (WebM)
          </a>{" "}
          · <a href={BASE + WALKTHROUGH_FILES.vtt}>Download the captions (WebVTT)</a>
        </figcaption>
      </figure>
      <section aria-labelledby="transcript-heading">
        <h2 id="transcript-heading">What the video shows, step by step</h2>
        <ol className="walkthrough__transcript">
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.caption}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
