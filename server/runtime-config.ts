import type { RuntimeConfig } from "#core/config/env.server.ts";
import { RUNTIME_CONFIG_META } from "#core/lib/runtime-config.ts";

/**
 * Public runtime configuration reaches the browser as a meta tag in every
 * HTML page: releases write it into the pages they render (it is part of the
 * configuration they are rendered with, so a new value renders every page
 * again at the next start), and the server adds it to pages rendered on
 * request. Never a rebuild of code. Not an inline script: nothing for the
 * Content-Security-Policy to allow.
 */
export function runtimeConfigTag(config: RuntimeConfig): string | null {
  if (Object.values(config).every((value) => value === null)) return null;
  const json = JSON.stringify(config).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<meta name="${RUNTIME_CONFIG_META}" content="${json}">`;
}

const HEAD_END = "</head>";

export function injectIntoHead(html: string, tag: string): string {
  const at = html.indexOf(HEAD_END);
  return at === -1 ? html : html.slice(0, at) + tag + html.slice(at);
}
