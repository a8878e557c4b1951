import { SIGNED_DOCUMENTS, simplePdf } from "../../server/checkout/service";
import type { Deps } from "../../server/context";
import type { Database } from "../../server/db";
import { tenancyDocuments, users } from "../../server/db/schema";
import { newId } from "../../server/lib/tokens";
import { storeDocument } from "../../server/lib/uploads";
import { eq } from "drizzle-orm";

/**
 * The documents a finished checkout leaves (part 2 §3 Tenancy.documents): the signed terms and
 * the signed addendum, as PDFs stored on the tenancy, for a Keyfree the demo data makes
 * complete without walking its checkout.
 */
export async function addSignedDocuments(deps: Pick<Deps, "db" | "files">, input: { tenancyId: string; userId: string }, now: Date) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new Error(`no user ${input.userId}`);
  const name = `${user.firstName} ${user.lastName}`.trim();
  for (const spec of Object.values(SIGNED_DOCUMENTS)) {
    const bytes = simplePdf(spec.title, [`Electronically signed by ${name} (${user.email}).`, `By ticking 'Accept terms', ${name} ${spec.agreement}.`]);
    const document = await storeDocument(
      { db: deps.db as Database, files: deps.files, clock: { now: () => now } },
      { name: `${spec.fileName} - ${name}.pdf`, body: bytes, contentType: "application/pdf", size: bytes.length },
      { typeId: spec.typeId, userId: input.userId },
    );
    await deps.db.insert(tenancyDocuments).values({ id: newId(), tenancyId: input.tenancyId, documentId: document.id, typeId: spec.typeId, createdAt: now });
  }
}
