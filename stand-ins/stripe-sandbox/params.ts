import { invalidParam, missingParam, unknownParam } from "./errors";
import type { FormObject, FormValue } from "./form";

/**
 * Reads an endpoint's parameters the way Stripe does: an unknown parameter is refused
 * ("Received unknown parameter: …"), a missing required one too ("Missing required
 * param: …"), and an empty value means "unset" (returned as null).
 */
export class Params {
  constructor(
    private readonly raw: FormObject,
    private readonly prefix = "",
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Refuses any parameter not in `allowed`. */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.raw)) {
      if (!allowed.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  keys(): string[] {
    return Object.keys(this.raw);
  }

  private value(key: string): FormValue | undefined {
    return this.raw[key];
  }

  str(key: string, options: { max?: number } = {}): string | null | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    if (typeof v !== "string") throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string`);
    if (v === "") return null;
    const max = options.max ?? 5000;
    if (v.length > max) throw invalidParam(this.name(key), `Invalid string: ${v.slice(0, 20)}...; must be at most ${max} characters`);
    return v;
  }

  requiredStr(key: string, options: { max?: number } = {}): string {
    const v = this.str(key, options);
    if (v === undefined || v === null) throw missingParam(this.name(key));
    return v;
  }

  int(key: string): number | null | undefined {
    const v = this.str(key);
    if (v === undefined || v === null) return v;
    if (!/^-?\d{1,15}$/.test(v)) throw invalidParam(this.name(key), `Invalid integer: ${v}`);
    return Number(v);
  }

  requiredInt(key: string): number {
    const v = this.int(key);
    if (v === undefined || v === null) throw missingParam(this.name(key));
    return v;
  }

  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined || v === null) return undefined;
    if (v === "true") return true;
    if (v === "false") return false;
    throw invalidParam(this.name(key), `Invalid boolean: ${v}`);
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | null | undefined {
    const v = this.str(key);
    if (v === undefined || v === null) return v;
    if (!(values as readonly string[]).includes(v)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(", ")}`);
    }
    return v as T;
  }

  obj(key: string): Params | null | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    if (v === "") return null;
    if (typeof v === "string" || Array.isArray(v)) {
      throw invalidParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash`);
    }
    return new Params(v, this.name(key));
  }

  strArray(key: string): string[] | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    if (v === "") return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)} must be an array of strings`);
    }
    return v as string[];
  }

  /** `metadata[key]=value` pairs: null clears all (`metadata=`), a null value removes that key. */
  metadata(key = "metadata"): Record<string, string | null> | null | undefined {
    const v = this.value(key);
    if (v === undefined) return undefined;
    if (v === "") return null;
    if (typeof v === "string" || Array.isArray(v)) throw invalidParam(this.name(key), "Invalid metadata: must be a hash");
    const entries = Object.entries(v);
    if (entries.length > 50) throw invalidParam(this.name(key), "Invalid metadata: at most 50 keys");
    const out: Record<string, string | null> = {};
    for (const [k, value] of entries) {
      const name = `${this.name(key)}[${k}]`;
      if (typeof value !== "string") throw invalidParam(name, `Invalid metadata value for ${k}: must be a string`);
      if (k.length > 40) throw invalidParam(name, `Metadata keys must be at most 40 characters (${k}).`);
      if (value.length > 500) throw invalidParam(name, `Metadata values must be at most 500 characters (${k}).`);
      out[k] = value === "" ? null : value;
    }
    return out;
  }
}

/** Applies a metadata update as Stripe does: merge, an empty value deletes its key, `metadata=` clears. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string | null> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}
