import { useRouteLoaderData } from "react-router";
import { useNonce } from "~/lib/page-delivery";
import { recorderInitScript, type RecorderSettings } from "~/lib/session-recorder";

/**
 * Session recording's inline start (app/lib/session-recorder.ts), on a page whose tenant said yes
 * to analytics (the root loader's `recorder`). Written by the server only: the browser keeps what
 * it was sent, so none of this is in the pages' script budget.
 */
export function SessionRecorder() {
  const nonce = useNonce();
  const recorder = (useRouteLoaderData("root") as { recorder?: RecorderSettings | null } | undefined)?.recorder;
  if (!recorder) return null;
  const init = !import.meta.env.SSR ? "" : recorderInitScript(recorder);
  return <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: init }} />;
}
