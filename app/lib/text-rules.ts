import { z } from "zod";
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters, TEXT_LIMITS, type TextKind, type TextLimit } from "#common/input";

/**
 * The input boundary on the web's forms (issue 23, scope 1), in one place for every form's zod
 * schema (the browser's conform and the page's action use the same schema): a text field holds no
 * control character (tab and newlines only in multi-line text: common/input.ts), with the field's
 * own message, and no more than its limit — the API's limit for that field, which conform also
 * puts on the input as `maxLength`. `tests/unit/form-text-rules.test.ts` holds every form to it.
 */

/** What a tenant reads when a field is longer than it may be. */
export function tooLongMessage(max: number): string {
  return `This must be ${max.toLocaleString("en-GB")} characters or fewer`;
}

/**
 * `schema` (a text field's zod string, before any trim or pipe) with the boundary's two rules:
 * at most `limit` characters (a kind from TEXT_LIMITS, or the field's own figure where the rule
 * book has one, with its own words), and no forbidden character of its `kind`.
 */
export function withTextRules<S extends z.ZodString>(
  schema: S,
  limit: TextLimit | number,
  options: { kind?: TextKind; tooLong?: string } = {},
): S {
  const max = typeof limit === "number" ? limit : TEXT_LIMITS[limit];
  const kind = options.kind ?? "single-line";
  return schema
    .max(max, { error: options.tooLong ?? tooLongMessage(max) })
    .refine((value) => !hasForbiddenCharacters(value, kind), { error: FORBIDDEN_CHARACTERS_MESSAGE }) as S;
}

/** A plain text field with the boundary's rules: `textField("name")`, `textField("longText", { kind: "multi-line" })`. */
export function textField(limit: TextLimit | number, options: { kind?: TextKind; tooLong?: string; required?: string } = {}) {
  return withTextRules(options.required ? z.string({ error: options.required }) : z.string(), limit, options);
}

type Def = { type: string; in?: { _zod: { def: Def } }; innerType?: { _zod: { def: Def } }; schema?: { _zod: { def: Def } } } & {
  shape?: Record<string, { _zod: { def: Def } }>;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>;
};
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;
const inner = (def: Def): Def | undefined => defOf(def.in ?? def.innerType ?? def.schema);

/** The longest text each field of a form's schema takes (`.max()` on its string), by field name. */
export function textLimitsOf(schema: unknown): Record<string, number> {
  let def = defOf(schema);
  while (def && def.type !== "object") def = inner(def);
  const limits: Record<string, number> = {};
  for (const [name, field] of Object.entries(def?.shape ?? {})) {
    let fieldDef: Def | undefined = defOf(field);
    while (fieldDef && fieldDef.type !== "string") fieldDef = inner(fieldDef);
    const maxima = (fieldDef?.checks ?? []).map((c) => c._zod.def).filter((c) => c.check === "max_length").map((c) => c.maximum!);
    if (maxima.length > 0) limits[name] = Math.min(...maxima);
  }
  return limits;
}

/**
 * A form's constraints (conform's `getZodConstraint`) with each text field's `maxLength` from its
 * schema, so the input carries the same limit the action checks (conform reads none from zod 4's
 * `.max()` itself).
 */
export function withTextLimits<C extends Record<string, object>>(constraint: C, schema: unknown): C {
  const limited: Record<string, object> = { ...constraint };
  for (const [name, maxLength] of Object.entries(textLimitsOf(schema))) limited[name] = { ...limited[name], maxLength };
  return limited as C;
}
