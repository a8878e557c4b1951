/**
 * The stand-in's own objects (the elements, the Stripe object and what they pass around) are
 * built on prototypes and carry Stripe's loosely shaped options and API objects: typed `Loose`.
 * The card and address checks, the formatting and the form encoding are typed in full.
 */
import { formatPounds } from "#common/wording";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export function integrationError(message: string): Error {
  var error = new Error(message);
  error.name = "IntegrationError";
  return error;
}

export function isObject(value: unknown): value is Record<string, Loose> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function assign<T extends Record<string, Loose>>(target: T, ...sources: unknown[]): T {
  for (const source of sources) {
    if (!isObject(source)) continue;
    Object.keys(source).forEach(function (key) {
      (target as Record<string, unknown>)[key] = source[key];
    });
  }
  return target;
}

/* A deep merge of plain objects; later arguments win, undefined never overwrites. */
export function deepMerge(...sources: unknown[]): Record<string, Loose> {
  var out: Record<string, Loose> = {};
  for (const source of sources) {
    if (!isObject(source)) continue;
    Object.keys(source).forEach(function (key) {
      var value = source[key];
      if (value === undefined) return;
      out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : isObject(value) ? deepMerge(value) : value;
    });
  }
  return out;
}

export function trim(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export function digitsOf(value: unknown): string {
  return String(value || "").replace(/\D/g, "");
}

export function later(fn: () => void): void {
  window.setTimeout(fn, 0);
}

/* A handler that throws must not stop the others nor the caller, but must still be seen. */
export function callSafely(handler: (payload?: Loose) => void, payload?: unknown): void {
  try {
    handler(payload);
  } catch (error) {
    later(function () {
      throw error;
    });
  }
}

export function createEl<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Record<string, string | number | boolean | null | undefined> | null,
  text?: string,
): HTMLElementTagNameMap[K] {
  var node = document.createElement(tag);
  if (attributes) {
    Object.keys(attributes).forEach(function (name) {
      var value = attributes[name];
      if (value === undefined || value === null || value === false) return;
      node.setAttribute(name, value === true ? "" : String(value));
    });
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

var idCounter = 0;
export function nextId(kind: string): string {
  idCounter += 1;
  return "kf-stripe-" + kind + "-" + idCounter;
}

/* Stripe's form encoding: bracket notation for nested objects and arrays; null/undefined are left out. */
export function encodeForm(data: Record<string, unknown>): string {
  var parts: string[] = [];
  function add(key: string, value: unknown) {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach(function (item, index) {
        add(key + "[" + index + "]", item);
      });
      return;
    }
    if (typeof value === "object") {
      Object.keys(value).forEach(function (name) {
        add(key + "[" + name + "]", (value as Record<string, unknown>)[name]);
      });
      return;
    }
    parts.push(
      encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]") + "=" + encodeURIComponent(String(value)),
    );
  }
  Object.keys(data).forEach(function (key) {
    add(key, data[key]);
  });
  return parts.join("&");
}

/* Drops empty strings, nulls and empty objects: the sandbox reads an empty value as "unset". */
export function compact(value: unknown): unknown {
  if (!isObject(value)) return value;
  var out: Record<string, unknown> = {};
  Object.keys(value).forEach(function (key) {
    var item = compact(value[key]);
    if (item === undefined || item === null || item === "") return;
    if (isObject(item) && Object.keys(item).length === 0) return;
    out[key] = item;
  });
  return out;
}

/** The amount as the challenge shows it, worded as the product words pounds (the sandbox takes gbp only). */
export function formatAmount(amount: unknown, currency: unknown): string | null {
  if (typeof amount !== "number" || String(currency).toLowerCase() !== "gbp") return null;
  return formatPounds(amount);
}
