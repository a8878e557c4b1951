/**
 * Outside production only: PostHog's capture API, stood in for (issue 26). The tools server of
 * the browser tests points POSTHOG_HOST at `/__stand-ins/posthog` on itself; web-server.ts
 * answers `POST …/batch/` here. A batch with another project key is refused (401), as PostHog
 * refuses it, so a test that finds its events stored knows the key was sent. What arrives is
 * kept through the API's ops route (`POST /ops/analytics-events`), where the tests read it.
 */
import type { StandInEvent } from "./store";

type PostHogBatch = { api_key?: unknown; batch?: unknown };
type PostedEvent = { uuid?: unknown; event?: unknown; distinct_id?: unknown; properties?: unknown; timestamp?: unknown };

export const STAND_IN_CORS = { "Access-Control-Allow-Origin": "*" } as const;

/** The PostHog events in a posted batch, as the store takes them (null: not a batch). */
export function eventsOfBatch(body: PostHogBatch): StandInEvent[] | null {
  if (!Array.isArray(body.batch)) return null;
  const events: StandInEvent[] = [];
  for (const posted of body.batch as PostedEvent[]) {
    if (!posted || typeof posted !== "object") return null;
    const properties = posted.properties && typeof posted.properties === "object" ? (posted.properties as Record<string, unknown>) : {};
    const distinctId = posted.distinct_id ?? properties.distinct_id;
    if (typeof posted.uuid !== "string" || typeof posted.event !== "string" || typeof distinctId !== "string") return null;
    events.push({
      uuid: posted.uuid,
      event: posted.event,
      distinct_id: distinctId,
      properties,
      ...(typeof posted.timestamp === "string" ? { timestamp: posted.timestamp } : {}),
    });
  }
  return events;
}

/**
 * The handler: `key` is the project key the tools are configured with, `store` posts the events to
 * the API's ops route (and answers its response).
 */
export function postHogStandIn(key: string, store: (events: StandInEvent[]) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const answer = (status: number, body: unknown) => Response.json(body, { status, headers: STAND_IN_CORS });
    // The browser's recorder posts text/plain (a simple request: no preflight); the server JSON.
    const body = (await request
      .text()
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => null)) as PostHogBatch | null;
    if (!body || typeof body !== "object") return answer(400, { type: "validation_error", detail: "Not JSON" });
    if (body.api_key !== key) return answer(401, { type: "authentication_error", detail: "Project API key invalid" });
    const events = eventsOfBatch(body);
    if (!events) return answer(400, { type: "validation_error", detail: "Not a batch of events" });
    const stored = await store(events);
    if (!stored.ok) return answer(stored.status >= 500 ? 502 : 400, { type: "validation_error", detail: await stored.text() });
    return answer(200, { status: 1 });
  };
}
