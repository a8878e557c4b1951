import { guidePdf } from "~/lib/guide-pdf.server";

/** /guide.pdf (issue 27 scope 1): the End of Tenancy Guide as a tagged PDF, no login. A resource route (no page). */
export async function loader() {
  const pdf = await guidePdf();
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="keyfree-end-of-tenancy-guide.pdf"',
      "Content-Length": String(pdf.length),
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
