import { UploadZone, type UploadZoneProps } from "~/components/upload-zone";

/**
 * The upload zone of a page whose action is claimDocumentsAction (claim-documents.server.ts:
 * item-evidence, supporting-information): several files, each posted with the intent `upload`,
 * and Remove (the intent `remove`) on each listed document the tenant may remove.
 */
export function ClaimDocumentsZone({
  removable = () => true,
  ...zone
}: Omit<UploadZoneProps, "fields" | "removeFields" | "multiple"> & { removable?: (documentId: string) => boolean }) {
  return (
    <UploadZone
      {...zone}
      fields={{ intent: "upload" }}
      removeFields={(document) => (removable(document.id) ? { intent: "remove", documentId: document.id } : null)}
      multiple
    />
  );
}
