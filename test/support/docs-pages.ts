/**
 * The documentation's hand-written pages, in the order the README had their sections before they
 * moved to docs/: the README's examples and figures are tested where they now live, in this order
 * (the service flow of one page builds on the jobs an earlier one created).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

const DOC_PAGES = [
  'docs/getting-started.md',
  'docs/language.md',
  'docs/command-line.md',
  'docs/guides/round-trip.md',
  'docs/guides/diff.md',
  'docs/guides/sql.md',
  'docs/guides/service.md',
  'docs/guides/live-logs.md',
  'docs/guides/reliability.md',
  'docs/guides/terraform.md',
  'docs/guides/library.md',
  'docs/guides/performance.md',
] as const;

export type DocPage = (typeof DOC_PAGES)[number];

export function readDocPage(page: DocPage): string {
  return readFileSync(join(REPO_ROOT, page), 'utf8');
}

/** The README, then every page, as one text. */
export function readmeAndDocs(): string {
  return [readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'), ...DOC_PAGES.map(readDocPage)].join('\n');
}
