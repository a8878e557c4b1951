import { useEffect, useRef, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { UPLOAD_ACCEPT, uploadLimitsHint, uploadProblem, type UploadLimit } from "#common/uploads";
import { ActionButton, CsrfInput } from "./action-button";

export type UploadedDocument = { id: string; name: string; url: string };

export type UploadZoneProps = {
  /** Unique on the page: the ids of the zone's input, hint and messages start with it. */
  id: string;
  /** What is uploaded here ("Proof of identity"): the zone's heading and its input's label. */
  label: string;
  hint?: string;
  /** The limits on this place's files (common/uploads.ts), shown in the hint before anything is uploaded. */
  limit?: UploadLimit;
  /** The page's own URL: the plain form (no JavaScript) posts the file there, and Remove too. */
  action: string;
  /** Where the zone's script sends each file (a resource route answering JSON, with the flash cookie). */
  uploadUrl: string;
  /** Hidden fields sent with each file (the page action's intent, the document type). */
  fields: Record<string, string>;
  documents: UploadedDocument[];
  /**
   * The hidden fields of a document's Remove form; without it (deletion disabled) there is no
   * Remove, and a document it answers null for (someone else's upload) has none either.
   */
  removeFields?: (document: UploadedDocument) => Record<string, string> | null;
  readOnly?: boolean;
  /** Several files at once (each still sent on its own); reference evidence takes one at a time. */
  multiple?: boolean;
  /** A refused file's message from the page's action (the plain form). */
  error?: string | null;
};

type Progress = { current: number; total: number; percent: number };

const GENERIC_FAILURE = "Something went wrong";

/**
 * The file upload zone (part 1 §2.4). Without JavaScript it is a plain multipart form the
 * page's action handles; a refused file comes back with its message and the rest of the page
 * as it was. Once the page's script runs it becomes a drop zone ('Drop files here or click to
 * select'): each file is checked (type, 30 MB) and sent on its own with XMLHttpRequest, whose
 * upload events give 'Uploading N of M files' and a progress bar; the page's data is then
 * read again. The uploaded documents are listed under 'Show/Hide N document(s)', each with
 * Remove when deletion is enabled and the zone is not read-only.
 */
export function UploadZone(props: UploadZoneProps) {
  const { id, label, hint, limit, action, documents, removeFields, readOnly = false } = props;
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? props.error ?? null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <section className={`upload-zone${error ? " upload-zone--error" : ""}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="upload-zone__title">
        {label}
      </h2>
      <p id={hintId} className="field__hint">
        {hint ? `${hint} ` : ""}PDF, JPG, PNG or another common document type, up to 30MB{limit ? ` each. ${uploadLimitsHint(limit)}` : "."}
      </p>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {readOnly ? null : enhanced ? (
        <DropZone {...props} describedBy={describedBy} onError={setClientError} />
      ) : (
        <form method="post" action={action} encType="multipart/form-data" className="upload-zone__form">
          <CsrfInput />
          {Object.entries(props.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={`${id}-file`} className="field__label">
            {label} file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            accept={UPLOAD_ACCEPT}
            multiple={false}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
          <button type="submit" className="button button--secondary">
            Upload<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </form>
      )}
      <DocumentList id={id} label={label} action={action} documents={documents} removeFields={readOnly ? undefined : removeFields} />
    </section>
  );
}

function DocumentList({
  id,
  label,
  action,
  documents,
  removeFields,
}: Pick<UploadZoneProps, "id" | "label" | "action" | "documents" | "removeFields">) {
  if (documents.length === 0) return <p className="upload-zone__empty">No documents uploaded</p>;
  return (
    // Sent open, so the one word in the page is 'Hide': a text browser, which shows the list and
    // ignores styles, reads "Hide 1 document(s)", not "ShowHide…". Closed (the browser's own
    // toggle, with or without script), the styles put 'Show' in its place (styles/_upload-zone.scss).
    <details className="upload-zone__documents" open>
      <summary>
        <span className="upload-zone__hide">Hide</span> {documents.length} document(s)
        <span className="visually-hidden"> of {label.toLowerCase()}</span>
      </summary>
      <ul className="upload-zone__list" id={`${id}-documents`}>
        {documents.map((document) => (
          <li key={document.id} className="upload-zone__item">
            <a href={document.url} className="upload-zone__name">
              {document.name}
            </a>
            <RemoveForm action={action} document={document} fields={removeFields?.(document) ?? null} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A document's Remove button (a post to the page's action), when it may be removed. */
function RemoveForm({ action, document, fields }: { action: string; document: UploadedDocument; fields: Record<string, string> | null }) {
  if (!fields) return null;
  return (
    <ActionButton action={action} fields={fields} className="upload-zone__remove" buttonClassName="button button--secondary button--small">
      Remove<span className="visually-hidden"> {document.name}</span>
    </ActionButton>
  );
}

/** The enhanced zone: drag and drop or choose, then each file sent with progress. */
function DropZone({
  id,
  label,
  uploadUrl,
  fields,
  multiple = false,
  describedBy,
  onError,
}: UploadZoneProps & { describedBy: string | undefined; onError: (message: string | null) => void }) {
  const root = useRouteLoaderData("root") as { csrf?: string } | undefined;
  const revalidator = useRevalidator();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function uploadAll(chosen: File[]) {
    const files = multiple ? chosen : chosen.slice(0, 1);
    if (files.length === 0 || progress) return;
    onError(null);
    let sent = 0;
    for (const [index, file] of files.entries()) {
      const problem = uploadProblem(file);
      if (problem) {
        onError(problem);
        continue;
      }
      setProgress({ current: index + 1, total: files.length, percent: 0 });
      const failure = await send(file, (percent) => setProgress({ current: index + 1, total: files.length, percent }));
      if (failure) onError(failure);
      else sent += 1;
    }
    setProgress(null);
    if (input.current) input.current.value = "";
    // The page's data again: the new documents, and the flash message the upload left.
    if (sent > 0) await revalidator.revalidate();
  }

  function send(file: File, onProgress: (percent: number) => void): Promise<string | null> {
    return new Promise((resolve) => {
      const body = new FormData();
      body.set("csrf", root?.csrf ?? "");
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      body.set("file", file, file.name);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", uploadUrl);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => {
        let message: unknown;
        try {
          message = (JSON.parse(xhr.responseText) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300 && xhr.getResponseHeader("content-type")?.includes("json")) resolve(null);
        else resolve(typeof message === "string" && message ? message : GENERIC_FAILURE);
      };
      xhr.onerror = () => resolve(GENERIC_FAILURE);
      xhr.send(body);
    });
  }

  return (
    <>
      <div
        className={`upload-zone__drop${dragging ? " upload-zone__drop--active" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void uploadAll([...event.dataTransfer.files]);
        }}
      >
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          className="upload-zone__input"
          accept={UPLOAD_ACCEPT}
          multiple={multiple}
          disabled={progress !== null}
          aria-describedby={describedBy}
          onChange={(event) => void uploadAll([...(event.currentTarget.files ?? [])])}
        />
        <label htmlFor={`${id}-file`} className="upload-zone__prompt">
          <span className="visually-hidden">{label}: </span>Drop files here or click to select
        </label>
      </div>
      <div role="status" className="upload-zone__progress">
        {progress ? (
          <>
            <p>
              Uploading {progress.current} of {progress.total} files
            </p>
            <progress max={100} value={progress.percent} aria-label={`Uploading ${label.toLowerCase()}`}>
              {progress.percent}%
            </progress>
          </>
        ) : null}
      </div>
    </>
  );
}
