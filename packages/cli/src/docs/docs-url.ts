/**
 * The documentation site's address the CLI links to: `--docs-url URL`, else $LOGFILTER_DOCS_URL,
 * else core's DOCS_BASE_URL (the project's site). A diagnostic's page is `<base>/diagnostics/<code>`.
 */
import { DIAGNOSTIC_CODES, DOCS_BASE_URL, diagnosticPage } from '@logfilter/core';

export const DOCS_URL_ENV = 'LOGFILTER_DOCS_URL';

export function docsBase(option: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  return option || env[DOCS_URL_ENV] || DOCS_BASE_URL;
}

/** The page of `code` under `base`; a code that is not a diagnostic code (a usage failure's) gets the list of codes. */
export function codePage(code: string, base: string): string {
  return (DIAGNOSTIC_CODES as readonly string[]).includes(code) ? diagnosticPage(code, base) : `${base.replace(/\/+$/, '')}/diagnostics/`;
}
