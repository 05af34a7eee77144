// Where the extension's parts are, for its scripts and the tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/vscode */
export const EXTENSION_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GRAMMAR_FILE = join(EXTENSION_DIR, 'syntaxes', 'logfilter.tmLanguage.json');
export const LANGUAGE_CONFIGURATION_FILE = join(EXTENSION_DIR, 'language-configuration.json');
/** The CLI's build output, where the server's bundles come from. */
export const CLI_DIST = join(EXTENSION_DIR, '..', 'cli', 'dist');

/** The .vsix that `pnpm run build` makes, named as `vsce package` names it. */
export function vsixFile() {
  const { name, version } = JSON.parse(readFileSync(join(EXTENSION_DIR, 'package.json'), 'utf8'));
  return join(EXTENSION_DIR, `${name}-${version}.vsix`);
}
