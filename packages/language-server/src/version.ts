/**
 * The package's version, from its package.json (the one place it is written), for `serverInfo`.
 * Bundles have it written in (the CLI's and the VS Code extension's bundle scripts replace this
 * module); unbundled code reads the package.json beside `src/` or `dist/`.
 */
import { readFileSync } from 'node:fs';

let read: string | undefined;

export function version(): string {
  read ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return read;
}
