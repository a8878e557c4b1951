import { describe, expect, it } from "vitest";
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, uploadProblem } from "#common/uploads";
import {
  assertBodySize,
  FORM_MAX_BYTES,
  FORM_TOO_LARGE_MESSAGE,
  maxBodyBytes,
  UPLOAD_BODY_MAX_BYTES,
} from "../../app/lib/body-limit.server";
import { handlesHydrate } from "../../app/lib/page-delivery";
import { guarantorName, referencingState } from "../../app/routes/checkout/+lib/referencing";
import { handle } from "../../app/routes/checkout/referencing";

describe("referencing's states (part 1 §4.2)", () => {
  it.each([
    [null, false, "start"],
    ["PEND", false, "pending"],
    ["PEND", true, "slow"],
    ["PASS", false, "pass"],
    ["FAIL", false, "fail"],
    ["INFO_REQUIRED", false, "info"],
    ["IN_REVIEW", false, "review"],
    ["GUARANTOR_REQUIRED", false, "guarantor"],
    ["SOMETHING_NEW", false, "progress"],
  ] as const)("%s (timed out: %s) shows %s", (status, timedOut, state) => {
    expect(referencingState(status, timedOut)).toBe(state);
  });

  it("names the guarantor only when the tenancy user has one", () => {
    expect(guarantorName({ firstName: "Gail", lastName: "Fenwick" })).toBe("Gail Fenwick");
    expect(guarantorName({ firstName: "Gail", lastName: null })).toBe("Gail");
    expect(guarantorName({ firstName: " ", lastName: null })).toBeNull();
    expect(guarantorName(null)).toBeNull();
  });
});

describe("the page hydrates only while it shows the upload zone (docs/decisions/0015)", () => {
  it("decides from the route's loader data", () => {
    expect(handlesHydrate([{ handle, loaderData: { state: "info" } }])).toBe(true);
    for (const state of ["start", "pending", "slow", "pass", "fail", "review", "guarantor", "progress"]) {
      expect(handlesHydrate([{ handle, loaderData: { state } }])).toBe(false);
    }
    expect(handlesHydrate([{ handle: { hydrate: true } }, { handle: undefined }])).toBe(true);
    expect(handlesHydrate([{ handle: { hydrate: false } }, { handle: null }])).toBe(false);
  });
});

describe("uploads as the upload zone checks them (part 1 §5, §8)", () => {
  it("refuses a file over 30 MB, of another type or empty, in the spec's words", () => {
    expect(uploadProblem({ name: "passport.pdf", size: 1_000 })).toBeNull();
    expect(uploadProblem({ name: "Bill.PNG", size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ name: "scan.pdf", size: UPLOAD_MAX_BYTES + 1 })).toBe(
      "scan.pdf is too large (max 30MB), please compress this file and re-upload",
    );
    expect(uploadProblem({ name: "notes.txt", size: 10 })).toBe("notes.txt is an invalid type, please convert to a PDF");
    expect(uploadProblem({ name: "pdf", size: 10 })).toBe("pdf is an invalid type, please convert to a PDF");
    expect(uploadProblem({ name: "empty.pdf", size: 0 })).toBe("empty.pdf is an invalid type, please convert to a PDF");
  });

  it("offers the file chooser the spec's types", () => {
    expect(UPLOAD_ACCEPT).toBe(".pdf,.jpeg,.jpg,.png,.heic,.docx,.doc,.xlsx,.xlsm,.mp4,.mov,.zip,.xls,.csv,.numbers,.pages");
  });

  it("gives referencing's posts the upload limit, except a URL-encoded body (it carries no file)", async () => {
    const page = "/checkout/o1/c1/referencing";
    expect(maxBodyBytes(page)).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(maxBodyBytes(`${page}/documents`)).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(maxBodyBytes("/checkout/o1/c1/confirm")).toBe(FORM_MAX_BYTES);
    const encoded = new Request(`http://localhost${page}`, {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(FORM_MAX_BYTES + 1) },
    });
    await expect(assertBodySize(encoded)).rejects.toMatchObject({ init: { status: 413 }, data: { message: FORM_TOO_LARGE_MESSAGE } });
    const multipart = new Request(`http://localhost${page}`, {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(FORM_MAX_BYTES + 1) },
    });
    await expect(assertBodySize(multipart)).resolves.toBeUndefined();
  });
});
