/**
 * The CLI's version: its package.json's, the one place it is written. The bundles have it written in
 * (scripts/bundle.mjs replaces this module); unbundled code (tests, tsc's output) reads the
 * package.json beside `src/` or `dist/`.
 */
import { readFileSync } from 'node:fs';

let read: string | undefined;

export function version(): string {
  read ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return read;
}
