/**
 * Stripe's form encoding: `application/x-www-form-urlencoded` with bracket notation for
 * nested objects (`card[number]`, `metadata[orderId]`, `billing_details[address][line1]`)
 * and arrays (`expand[]`, or `expand[0]` as the Node SDK sends them). An empty value is
 * Stripe's way of unsetting a field.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormSyntaxError extends Error {}

function segmentsOf(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormSyntaxError(`Invalid parameter name: ${key}`);
  const rest = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  return [match[1] ?? key, ...rest];
}

const isIndex = (segment: string) => segment === "" || /^\d{1,4}$/.test(segment);

function place(root: FormObject, segments: string[], value: string, key: string) {
  let container: FormObject | FormValue[] = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    const next = segments[i + 1];
    if (Array.isArray(container)) {
      if (!isIndex(segment)) throw new FormSyntaxError(`Invalid array parameter: ${key}`);
      const index: number = segment === "" ? container.length : Number(segment);
      if (last) {
        container[index] = value;
        return;
      }
      const existing: FormValue | undefined = container[index];
      const child: FormValue = existing ?? (isIndex(next!) ? [] : {});
      if (typeof child === "string") throw new FormSyntaxError(`Invalid parameter: ${key}`);
      container[index] = child;
      container = child;
    } else {
      if (last) {
        if (container[segment] !== undefined && typeof container[segment] !== "string") {
          throw new FormSyntaxError(`Invalid parameter: ${key}`);
        }
        container[segment] = value;
        return;
      }
      const existing: FormValue | undefined = container[segment];
      const child: FormValue = existing ?? (isIndex(next!) ? [] : {});
      if (typeof child === "string") throw new FormSyntaxError(`Invalid parameter: ${key}`);
      container[segment] = child;
      container = child;
    }
  }
}

/** Drops the holes `expand[3]` without `expand[2]` would leave. */
function compact(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

/** Parses a form-encoded body or query string into nested parameters. */
export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    place(root, segmentsOf(key), value, key);
  }
  return compact(root) as FormObject;
}

/** A stable text of the parameters (keys sorted), for comparing an idempotent retry with its first request. */
export function canonicalForm(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalForm(value[k]!)}`).join(",")}}`;
}
