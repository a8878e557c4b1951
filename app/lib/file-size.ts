/** A file's size for a link's text: "96 KB", "1.4 MB" (the guide's PDF, a tenant's data export). */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
