// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { UploadZone, type UploadZoneProps } from "../../app/components/upload-zone";
import { REFERENCE_UPLOAD_LIMIT, UPLOAD_MAX_PER_TENANT_PER_HOUR } from "#common/uploads";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

const base: UploadZoneProps = {
  id: "proof-of-identity",
  label: "Proof of identity",
  action: "/checkout/o/c/referencing",
  uploadUrl: "/checkout/o/c/referencing/documents",
  fields: { intent: "upload", type: "PROOF_OF_IDENTITY" },
  documents: [],
};
const docs = [
  { id: "d1", name: "passport.pdf", url: "/documents/x1" },
  { id: "d2", name: "licence.png", url: "/documents/x2" },
];

/** The zone's buttons by their text (a visually hidden part included, as a screen reader reads it). */
const buttons = () => [...document.querySelectorAll("button")].map((b) => b.textContent);

function stub(props: Partial<UploadZoneProps>) {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => <UploadZone {...base} {...props} />, loader: () => ({ csrf: "t" }), HydrateFallback: () => null }]);
  return <Stub initialEntries={["/"]} />;
}

describe("the upload zone (part 1 §2.4)", () => {
  it("shows the place's limits (issue 23) in the hint its file input is described by, before anything is uploaded", async () => {
    const handler = createStaticHandler([
      { id: "root", path: "/", loader: () => ({ csrf: "t" }), Component: () => <UploadZone {...base} limit={REFERENCE_UPLOAD_LIMIT} /> },
    ]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    document.body.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const hint = document.getElementById(input.getAttribute("aria-describedby")!.split(" ")[0]!)!;
    expect(hint.textContent).toBe(
      `PDF, JPG, PNG or another common document type, up to 30MB each. You can upload up to ${REFERENCE_UPLOAD_LIMIT.files} files here, 50MB in total, and up to ${UPLOAD_MAX_PER_TENANT_PER_HOUR} files an hour.`,
    );
  });


  it("as the server sends it (and without JavaScript): a plain multipart form with the spec's types, posting to the page", async () => {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => ({ csrf: "t" }),
        Component: () => <UploadZone {...base} error="notes.txt is an invalid type, please convert to a PDF" />,
      },
    ]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    const router = createStaticRouter(handler.dataRoutes, context);
    document.body.innerHTML = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
    const form = document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect(form.getAttribute("action")).toBe(base.action);
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.name).toBe("file");
    expect(input.accept).toContain(".pdf");
    expect(input.multiple).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("proof-of-identity-hint proof-of-identity-error");
    expect(document.querySelector('[role="alert"]')!.textContent).toContain("notes.txt is an invalid type, please convert to a PDF");
    expect([...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [i.name, i.value])).toEqual(
      expect.arrayContaining([
        ["intent", "upload"],
        ["type", "PROOF_OF_IDENTITY"],
      ]),
    );
    expect(document.body.textContent).toContain("No documents uploaded");
  });

  it("once the page's script runs: the drop zone, the documents under Show/Hide, Remove for each", async () => {
    render(stub({ documents: docs, removeFields: (d) => ({ intent: "remove", referenceDocumentId: d.id }) }));
    expect(await screen.findByText("Drop files here or click to select")).toBeTruthy();
    expect(screen.getByLabelText(/Proof of identity: Drop files here/)).toBeTruthy();
    expect(document.querySelector("summary")!.textContent).toContain("2 document(s)");
    expect(buttons()).toEqual(["Remove passport.pdf", "Remove licence.png"]);
  });

  it("the list's summary holds the one word that applies, 'Hide' (it is sent open): no 'ShowHide' without styles (issue 24)", async () => {
    const handler = createStaticHandler([{ id: "root", path: "/", loader: () => ({ csrf: "t" }), Component: () => <UploadZone {...base} documents={docs} /> }]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    document.body.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
    expect(document.querySelector("details")!.open).toBe(true);
    expect(document.querySelector("summary")!.textContent).toBe("Hide 2 document(s) of proof of identity");
  });

  it("has no Remove when deletion is not enabled, and nothing to upload with when read-only", async () => {
    render(stub({ documents: docs }));
    await screen.findByText("Drop files here or click to select");
    expect(buttons()).toEqual([]);
    cleanup();
    render(stub({ documents: docs, removeFields: (d) => ({ referenceDocumentId: d.id }), readOnly: true }));
    await screen.findByText("passport.pdf");
    expect(buttons()).toEqual([]);
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
