import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { readForm } from "./csrf.server";
import type { z, ZodType } from "zod";

export type FormReply = { result: SubmissionResult<string[]>; attempt: number };

/**
 * An action's form, parsed with the screen's zod schema (the same one the browser used).
 * `ok` carries the values; otherwise `invalid` is the 400 answer that re-renders the form with
 * its errors and values (the fields in `hideFields`, passwords, cleared). `reply` answers a
 * refusal the API gave (say 'Wrong email or password', or a field's problem) the same way.
 */
export async function parseForm<Schema extends ZodType>(request: Request, schema: Schema, options: { hideFields?: string[] } = {}) {
  const submission = parseWithZod(await readForm(request), { schema });
  const reply = (extra: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean } = {}, status = 400) =>
    data<FormReply>(
      { result: submission.reply({ ...extra, hideFields: extra.resetForm ? undefined : options.hideFields }), attempt: Date.now() },
      { status },
    );
  if (submission.status !== "success") return { ok: false as const, invalid: reply() };
  return { ok: true as const, value: submission.value as z.output<Schema>, reply };
}
