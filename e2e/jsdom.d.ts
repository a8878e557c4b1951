/**
 * The little of jsdom (a devDependency, which ships no types and has no @types package here)
 * that e2e/text-render.ts uses: parse a page, then read and change it with the DOM's own types.
 */
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
    serialize(): string;
  }
}
