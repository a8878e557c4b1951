/**
 * A Content-Disposition that cannot break the header or the file system: an ASCII fallback
 * name with only safe characters, plus the real name percent-encoded (RFC 6266 / 5987).
 */
export function attachmentDisposition(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const ascii = clean
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]/g, "_")
    .replace(/^[.\s]+/, "")
    .slice(0, 150)
    .trim();
  const fallback = ascii === "" ? "document" : ascii;
  const encoded = encodeURIComponent(clean.slice(0, 200) || fallback).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
