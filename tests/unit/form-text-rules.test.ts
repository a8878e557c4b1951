import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it, vi } from "vitest";
import type { ZodType } from "zod";
import { FORBIDDEN_CHARACTERS_MESSAGE } from "#common/input";
import { withTextLimits } from "../../app/lib/text-rules";

vi.mock("../../app/lib/env.server", () => ({
  webConfig: { isProduction: false, sessionSecrets: ["test-session-secret-0123456789-abcdef"], maintenanceMode: false },
}));

/**
 * The input boundary on every web form (issue 23, scope 1): each text field of each form's zod
 * schema refuses a control character with the field's own message (tab and newlines only in
 * multi-line text), and has a length limit that conform puts on the input as `maxLength`.
 */
const { loginSchema } = await import("../../app/routes/auth/login");
const { resetRequestSchema } = await import("../../app/routes/auth/reset-password-request");
const { newPasswordSchema } = await import("../../app/routes/auth/+lib/password-forms");
const { choiceSchema } = await import("../../app/routes/offers/offer");
const { rejectionSchema } = await import("../../app/routes/offers/+lib/offers");
const { answerSchema } = await import("../../app/routes/inventory/response");
const { searchSchema } = await import("../../app/lib/address-lookup");
const { chooseSchema, manualSchema, removeSchema } = await import("../../app/routes/checkout/+lib/address-history");
const { planAddressSchema, planChooseSchema } = await import("../../app/routes/payment-plan/+lib/payment-plan-address");
const { aboutYouSchema } = await import("../../app/routes/checkout/+lib/about-you-form");
const { claimProposalSchema } = await import("../../app/routes/claims/+lib/claim-proposal");
const { disputeSchema } = await import("../../app/routes/claims/+lib/dispute");
const { budgetSchema, planRequestSchema } = await import("../../app/routes/help/+lib/budget");

/** Every form schema of the web, with its multi-line fields (the ones shown in a textarea). */
const FORMS: Array<[string, ZodType, string[]]> = [
  ["login", loginSchema, []],
  ["reset password request", resetRequestSchema, []],
  ["new password", newPasswordSchema, []],
  ["offer choice", choiceSchema, []],
  ["offer rejection", rejectionSchema, ["customRejectionReason"]],
  ["inventory answer", answerSchema, []],
  ["postcode search", searchSchema, []],
  ["address history: choose", chooseSchema, []],
  ["address history: manual", manualSchema, []],
  ["address history: remove", removeSchema, []],
  ["payment plan address: manual", planAddressSchema, []],
  ["payment plan address: choose", planChooseSchema, []],
  ["about you", aboutYouSchema, []],
  ["claim proposal", claimProposalSchema(100_000), ["explanation"]],
  ["dispute", disputeSchema, ["message"]],
  ["budget", budgetSchema, []],
  ["budget: ask for a plan", planRequestSchema, []],
];

type Def = { type: string; innerType?: Def; in?: Def; schema?: Def; shape?: Record<string, { def: Def }> } & { def?: Def };
const defOf = (schema: unknown): Def => (schema as { def: Def }).def;
/** The object schema under any refinement or pipe. */
function shapeOf(schema: ZodType): Record<string, ZodType> {
  let def = defOf(schema);
  while (def.type !== "object") def = (def.in ?? def.innerType ?? def.schema)!;
  return def.shape as unknown as Record<string, ZodType>;
}
/** A field that takes text: a string, however wrapped (optional, piped, transformed). */
function isText(field: ZodType): boolean {
  let def: Def | undefined = defOf(field);
  while (def && def.type !== "string") def = def.in ?? def.innerType;
  return def?.type === "string";
}

function errorsOf(schema: ZodType, input: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.filter((i) => i.path.join(".") === field).map((i) => i.message);
}

describe("every web form's text fields keep to the input boundary (issue 23)", () => {
  for (const [name, schema, multiLine] of FORMS) {
    const fields = Object.entries(shapeOf(schema)).filter(([, field]) => isText(field));
    it(`${name}: has text fields to check`, () => {
      expect(fields.length).toBeGreaterThan(0);
    });
    for (const [field] of fields) {
      it(`${name} › ${field}: a NUL, another control character or a line separator gets the field's own message`, () => {
        for (const bad of ["a\u0000b", "a\u001bb", "a\u0085b", "a\u2028b", "a\u007fb"]) {
          expect(errorsOf(schema, { [field]: bad }, field)).toContain(FORBIDDEN_CHARACTERS_MESSAGE);
        }
        // Tab and newlines: only in multi-line text.
        const lines = errorsOf(schema, { [field]: "first line\r\n\tsecond line" }, field);
        if (multiLine.includes(field)) expect(lines).not.toContain(FORBIDDEN_CHARACTERS_MESSAGE);
        else expect(lines).toContain(FORBIDDEN_CHARACTERS_MESSAGE);
        // Plain text is not refused for its characters.
        expect(errorsOf(schema, { [field]: "Ordinary text, £5 — café" }, field)).not.toContain(FORBIDDEN_CHARACTERS_MESSAGE);
      });
      it(`${name} › ${field}: has a length limit, on the input too (maxLength), in plain words`, () => {
        const maxLength = withTextLimits(getZodConstraint(schema), schema)[field]?.maxLength;
        expect(maxLength, "conform gives the input a maxLength").toBeGreaterThan(0);
        const tooLong = errorsOf(schema, { [field]: "a".repeat(maxLength! + 1) }, field);
        expect(tooLong.length).toBeGreaterThan(0);
        expect(tooLong.some((m) => /characters|Must be a UK postcode/.test(m))).toBe(true);
      });
    }
  }

  it("no form builds a text field without the rules: every zod string in app/ goes through app/lib/text-rules.ts", () => {
    const files = readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`lib${path.sep}api${path.sep}`))
      .map((f) => path.join("app", f));
    const bare: string[] = [];
    for (const file of files) {
      // The environment's schemas (env.server.ts, the outside tools' third-parties.server.ts) read no form.
      const environment = ["env.server.ts", "third-parties.server.ts"].map((f) => path.join("app", "lib", f));
      if (environment.includes(file) || file === path.join("app", "lib", "text-rules.ts")) continue;
      for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
        if (/\bz\.string\(/.test(line) && !/withTextRules\(z\.string\(/.test(line)) bare.push(`${file}:${index + 1}: ${line.trim()}`);
      }
    }
    expect(bare, "use textField()/withTextRules() from app/lib/text-rules.ts").toEqual([]);
  });
});
