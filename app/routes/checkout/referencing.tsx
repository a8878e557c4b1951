import { CheckoutHeading } from "./+lib/checkout-back";
import { REFERENCE_UPLOAD_LIMIT } from "#common/uploads";
import { data, Link, redirect, useActionData } from "react-router";
import { ActionButton } from "~/components/action-button";
import { Polling } from "~/components/polling";
import { UploadZone } from "~/components/upload-zone";
import { ApiFailure, apiContext, failureMessage } from "~/lib/api.server";
import { checkoutPath } from "./+lib/checkout";
import { getCheckout, nextActionPath } from "./+lib/checkout.server";
import { readForm } from "~/lib/csrf.server";
import { dispatchIntent } from "~/lib/intent.server";
import { FORM_UNREADABLE_MESSAGE } from "~/lib/messages";
import type { DeliveryHandle } from "~/lib/page-delivery";
import { POLL_PARAM, pollingPath, pollingState } from "~/lib/polling";
import { pageTitle, PRODUCT } from "~/lib/product";
import { sendReferenceDocument } from "./+lib/reference-documents.server";
import { guarantorName, PROOFS, REFERENCING_MESSAGES, referencingState, type ReferencingState } from "./+lib/referencing";
import { flash } from "~/lib/session.server";
import type { Route } from "./+types/referencing";

/**
 * Referencing (Eligibility, part 1 §4.2). The page only hydrates while it shows the upload zone
 * (INFO_REQUIRED): every other state is links and forms (docs/decisions/0015).
 */
export const handle: DeliveryHandle = {
  hydrate: (loaderData) => (loaderData as { state?: ReferencingState } | undefined)?.state === "info",
};

function referenceIdOf(oc: ReturnType<typeof getCheckout>["oc"]): string | null {
  const details = oc.actions.find((a) => a.typeId === "KEYFREE_REFERENCING")?.details;
  return typeof details?.referenceId === "string" ? details.referenceId : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { oc } = getCheckout(context);
  const api = context.get(apiContext);
  const self = checkoutPath(oc.order.id, oc.customer.id, "referencing");
  const referenceId = referenceIdOf(oc);
  const referencingDone = oc.actions.some((a) => a.typeId === "KEYFREE_REFERENCING" && a.completedAt !== null);
  // Done without a reference of ours (the agent's own checks): nothing to show here.
  if (!referenceId && referencingDone) throw redirect(nextActionPath(oc));
  const reference = referenceId ? await api.GET("/references/{referenceId}", { params: { path: { referenceId } } }) : null;
  const status = reference?.status ?? null;
  // Pending is always waited for; a reference sent for review is polled while the tenant waits on the page.
  const polling = status === "PEND" || (status === "IN_REVIEW" && url.searchParams.has(POLL_PARAM)) ? pollingState(url) : null;
  const state = referencingState(status, polling?.timedOut ?? false);
  // Only the guarantor state names the guarantor (part 1 §3 Tenancy user).
  const guarantor =
    state === "guarantor"
      ? guarantorName(
          (await api.GET("/orders/{orderId}/customers/{customerId}/tenancy-user", { params: { path: { orderId: oc.order.id, customerId: oc.customer.id } } }))
            .guarantor,
        )
      : null;
  return {
    state,
    self,
    uploadUrl: `${self}/documents`,
    polling: polling && !polling.timedOut ? polling : null,
    continueTo: state === "pass" ? nextActionPath(oc) : null,
    guarantor,
    proofs: PROOFS.map((p) => ({
      ...p,
      documents: (reference?.documents ?? [])
        .filter((d) => d.type === p.type)
        .map((d) => ({ id: d.id, name: d.document.name, url: d.document.url })),
    })),
    canSendForReview: reference?.canSendForReview ?? false,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { oc } = getCheckout(context);
  const api = context.get(apiContext);
  const self = checkoutPath(oc.order.id, oc.customer.id, "referencing");
  const form = await readForm(request);
  /** A step of a started check: the reference it belongs to; a failure of the API's is a flash on the page. */
  const onReference = <R,>(step: (referenceId: string) => Promise<R>) => async () => {
    const referenceId = referenceIdOf(oc);
    if (!referenceId) return data({ message: "Start your eligibility check first.", upload: null }, { status: 400 });
    try {
      return await step(referenceId);
    } catch (error) {
      if (error instanceof ApiFailure) return flash.redirectWithError(self, failureMessage(error));
      throw error;
    }
  };
  return dispatchIntent(
    form,
    {
      start: async () => {
        try {
          await api.POST("/orders/{orderId}/customers/{customerId}/reference", { params: { path: { orderId: oc.order.id, customerId: oc.customer.id } } });
        } catch (error) {
          if (error instanceof ApiFailure) return flash.redirectWithError(self, failureMessage(error));
          throw error;
        }
        return redirect(pollingPath(self));
      },
      upload: onReference(async (referenceId) => {
        const refusal = await sendReferenceDocument(api, referenceId, form);
        if (refusal) return data({ message: null, upload: refusal }, { status: 400 });
        return flash.redirectWithSuccess(self, REFERENCING_MESSAGES.uploaded);
      }),
      remove: onReference(async (referenceId) => {
        const referenceDocumentId = form.get("referenceDocumentId");
        if (typeof referenceDocumentId !== "string" || referenceDocumentId === "") {
          return data({ message: FORM_UNREADABLE_MESSAGE, upload: null }, { status: 400 });
        }
        await api.DELETE("/references/{referenceId}/documents/{referenceDocumentId}", { params: { path: { referenceId, referenceDocumentId } } });
        return flash.redirectWithSuccess(self, REFERENCING_MESSAGES.removed);
      }),
      review: onReference(async (referenceId) => {
        await api.POST("/references/{referenceId}/ready-for-review", { params: { path: { referenceId } } });
        return redirect(pollingPath(self));
      }),
    },
    { unknown: (message) => data({ message, upload: null }, { status: 400 }) },
  );
}

export default function Referencing({ loaderData: d }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <StateContent d={d} upload={actionData?.upload ?? null} message={actionData?.message ?? null} />
      {d.polling ? <Polling state={d.polling} /> : null}
    </>
  );
}

type Data = Route.ComponentProps["loaderData"];

function StateContent({ d, upload, message }: { d: Data; upload: { type: string | null; message: string } | null; message: string | null }) {
  const problem = message ? (
    <p className="field__error" role="alert">
      {message}
    </p>
  ) : null;
  switch (d.state) {
    case "start":
      return (
        <>
          <title>{pageTitle("Eligibility")}</title>
          <CheckoutHeading>Eligibility</CheckoutHeading>
          {problem}
          <p>
            Next we check that you are eligible for {PRODUCT.name} (referencing), using the details you have given us. Checks usually
            finish in under a minute.
          </p>
          <ActionButton intent="start">Start my eligibility check</ActionButton>
        </>
      );
    case "pending":
      return (
        <>
          <title>{pageTitle("Checking your eligibility")}</title>
          <CheckoutHeading>Checking your eligibility</CheckoutHeading>
          <p role="status" className="notice">
            We're checking your details. Checks usually finish in under a minute.
          </p>
        </>
      );
    case "slow":
      return (
        <>
          <title>{pageTitle("Checking your eligibility")}</title>
          <CheckoutHeading>Checking your eligibility</CheckoutHeading>
          <p role="status" className="notice">
            {REFERENCING_MESSAGES.slow}
          </p>
          <p>
            <Link to={d.self} reloadDocument>
              Check again
            </Link>
          </p>
        </>
      );
    case "pass":
      return (
        <>
          <title>{pageTitle("You're eligible")}</title>
          <CheckoutHeading>You're eligible</CheckoutHeading>
          <p className="notice notice--success">Success! You have passed our eligibility checks.</p>
          <p>
            <Link to={d.continueTo ?? "/"} className="button" reloadDocument>
              Continue
            </Link>
          </p>
        </>
      );
    case "fail":
      return (
        <>
          <title>{pageTitle("We can't offer you Keyfree")}</title>
          <CheckoutHeading>We can't offer you {PRODUCT.name}</CheckoutHeading>
          <p>
            Sorry, you have not passed our eligibility checks, so we can't offer you {PRODUCT.name} for this tenancy. Please speak to your
            letting agent about paying a deposit instead.
          </p>
        </>
      );
    case "guarantor":
      return (
        <>
          <title>{pageTitle("A guarantor is needed")}</title>
          <CheckoutHeading>A guarantor is needed</CheckoutHeading>
          {d.guarantor ? (
            <p>
              To offer you {PRODUCT.name}, we need your guarantor, <strong>{d.guarantor}</strong>, to pass our checks as well. We'll let
              you know by email once they have.
            </p>
          ) : (
            <p>
              To offer you {PRODUCT.name}, we need a guarantor for your tenancy. Please ask your letting agent to add your guarantor's
              details.
            </p>
          )}
        </>
      );
    case "review":
      return (
        <>
          <title>{pageTitle("We'll get back to you")}</title>
          <CheckoutHeading>{REFERENCING_MESSAGES.inReview}</CheckoutHeading>
          <p role="status" className="notice">
            Thank you, we have your documents and are reviewing them. We'll let you know by email once we have finished.
          </p>
        </>
      );
    case "info":
      return (
        <>
          <title>{pageTitle("We need a little more information", upload !== null)}</title>
          <CheckoutHeading>We need a little more information</CheckoutHeading>
          {problem}
          <p>To finish your eligibility check, please upload a proof of identity and a proof of address, one file at a time.</p>
          {d.proofs.map((proof) => (
            <UploadZone
              limit={REFERENCE_UPLOAD_LIMIT}
              key={proof.type}
              id={proof.id}
              label={proof.label}
              hint={proof.hint}
              action={d.self}
              uploadUrl={d.uploadUrl}
              fields={{ intent: "upload", type: proof.type }}
              documents={proof.documents}
              removeFields={(document) => ({ intent: "remove", referenceDocumentId: document.id })}
              error={upload && (upload.type === proof.type || (upload.type === null && proof === d.proofs[0])) ? upload.message : null}
            />
          ))}
          <ActionButton
            intent="review"
            className="referencing__review"
            disabled={!d.canSendForReview}
            aria-describedby={d.canSendForReview ? undefined : "send-for-review-hint"}
            before={
              d.canSendForReview ? null : (
                <p id="send-for-review-hint" className="field__hint">
                  Upload your proof of identity and proof of address to send them for review.
                </p>
              )
            }
          >
            Send for Review
          </ActionButton>
        </>
      );
    default:
      return (
        <>
          <title>{pageTitle("Checking your eligibility")}</title>
          <CheckoutHeading>Checking your eligibility</CheckoutHeading>
          <p role="status" className="notice">
            Your eligibility check is in progress. We'll let you know by email once it has finished.
          </p>
        </>
      );
  }
}
