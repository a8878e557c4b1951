import { describe, expect, it } from "vitest";
import { dispatchIntent } from "../../app/lib/intent.server";

const UNREADABLE = "This form could not be read. Go back, reload the page and try again.";

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** What a thrown `data(…)` says: its status and message. */
function refusalOf(run: () => unknown): { status: number | undefined; message: unknown } {
  try {
    run();
  } catch (thrown) {
    const refusal = thrown as { init?: { status?: number }; data?: { message?: unknown } };
    return { status: refusal.init?.status, message: refusal.data?.message };
  }
  throw new Error("expected the dispatcher to refuse the post");
}

describe("dispatchIntent: one handler per form of a page, one answer for a post naming none", () => {
  const handlers = { choose: () => "chose", remove: () => "removed" };

  it("runs the handler the posted intent names, and only that one", () => {
    expect(dispatchIntent(posted({ intent: "choose" }), handlers)).toBe("chose");
    expect(dispatchIntent(posted({ intent: "remove", id: "a1" }), handlers)).toBe("removed");
  });

  it("an unknown intent is a 400 page: 'This form could not be read…'", () => {
    expect(refusalOf(() => dispatchIntent(posted({ intent: "upload" }), handlers))).toEqual({ status: 400, message: UNREADABLE });
  });

  it("a post with no intent is refused the same way, unless the page names a form for it", () => {
    expect(refusalOf(() => dispatchIntent(posted({ id: "a1" }), handlers))).toEqual({ status: 400, message: UNREADABLE });
    expect(dispatchIntent(posted({ id: "a1" }), handlers, { missing: "remove" })).toBe("removed");
    // A named intent is never taken as missing.
    expect(refusalOf(() => dispatchIntent(posted({ intent: "" }), handlers, { missing: "remove" }))).toEqual({ status: 400, message: UNREADABLE });
  });

  it("names an object has of itself (toString, constructor, __proto__) are unknown intents, not handlers", () => {
    for (const intent of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(refusalOf(() => dispatchIntent(posted({ intent }), handlers))).toEqual({ status: 400, message: UNREADABLE });
    }
  });

  it("a page that shows the problem in place answers with the same words through `unknown`", () => {
    const answer = dispatchIntent(posted({ intent: "upload" }), handlers, { unknown: (message) => ({ shown: message }) });
    expect(answer).toEqual({ shown: UNREADABLE });
  });
});
