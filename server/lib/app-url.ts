import { DEFAULT_APP_URL } from "../config";

/**
 * Where tenants open the web app, without a trailing slash: links in e-mails and text messages
 * start with it. Read from APP_URL (validated at start by server/config.ts) when the link is made,
 * so the scenarios, jobs and services that queue notices need no config passed down.
 */
export function appUrl(): string {
  return (process.env.APP_URL ?? DEFAULT_APP_URL).replace(/\/+$/, "");
}

/** An absolute link to a page of the web app: `path` starts with "/". */
export function appLink(path: string): string {
  return `${appUrl()}${path}`;
}
