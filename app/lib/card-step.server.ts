import { messageOf } from "./api.server";
import { SESSION_EXPIRED_MESSAGE } from "./messages";
import { destroySession, flash, getSession } from "./session.server";

/**
 * The JSON answers of a card step: the resource routes the card form posts to while its page
 * runs script (app/lib/card-step.ts posts them). The browser reads `error` on any failure.
 */
export const cardStep = {
  /** Done: what the page's script needs next (`{ ok: true }` when it needs nothing). */
  ok: (body: unknown = { ok: true }) => Response.json(body),

  /** The API refused or failed: its message, a refusal's status as it is and a failure of ours (5xx) as 502. */
  fail: (status: number, error: unknown) => Response.json({ error: messageOf(error) }, { status: status >= 500 ? 502 : status }),

  /**
   * The session has ended (the API said 401): signed out here, as a page's 401 is
   * (api.server.ts logoutRedirect), with the spec's message waiting on the sign-in page the
   * browser goes to next, so that sign-in is not skipped for a session that no longer works.
   */
  async expired(request: Request): Promise<Response> {
    const session = await getSession(request);
    const answer = await flash.dataWithError({ error: SESSION_EXPIRED_MESSAGE }, SESSION_EXPIRED_MESSAGE, {
      status: 401,
      headers: { "Set-Cookie": await destroySession(session) },
    });
    return Response.json(answer.data, answer.init ?? undefined);
  },
};

/**
 * One API call's answer as the step's JSON (`api.raw`'s `{ data, error, response }`): a 401 is
 * `expired`, any other failure `fail`, and success `ok` with what `pick` takes from the data
 * (all of it by default; `{ ok: true }` when there is none).
 */
export async function cardStepAnswer<D>(
  request: Request,
  { data, error, response }: { data?: D; error?: unknown; response: Response },
  pick: (data: D) => unknown = (all) => all,
): Promise<Response> {
  if (response.status === 401) return cardStep.expired(request);
  if (!response.ok) return cardStep.fail(response.status, error);
  return cardStep.ok(pick(data as D) ?? { ok: true });
}
