// Where the extension's parts are, for its scripts and the tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/vscode */
export const EXTENSION_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GRAMMAR_FILE = join(EXTENSION_DIR, 'syntaxes', 'logfilter.tmLanguage.json');
export const LANGUAGE_CONFIGURATION_FILE = join(EXTENSION_DIR, 'language-configuration.json');
/** @logfilter/language-server, whose build the server's bundle is made from. */
export const LANGUAGE_SERVER_DIR = join(EXTENSION_DIR, '..', 'language-server');
/** The language server's bundle, run by the extension (src/server.ts: SERVER_FOLDER, SERVER_ENTRY). */
export const SERVER_BUNDLE = join(EXTENSION_DIR, 'server', 'server.cjs');

/** The .vsix that `pnpm run build` makes, named as `vsce package` names it. */
export function vsixFile() {
  const { name, version } = JSON.parse(readFileSync(join(EXTENSION_DIR, 'package.json'), 'utf8'));
  return join(EXTENSION_DIR, `${name}-${version}.vsix`);
}
