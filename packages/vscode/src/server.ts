/**
 * How the extension starts its language server and what it tells it: pure (no `vscode` import), so
 * the tests start the server exactly as `activate` does. The server is @logfilter/language-server,
 * bundled into the extension's `server/` folder at packaging time (scripts/package.mjs), run with the
 * editor's Node runtime; `logfilter.path` names a `logfilter` executable to run as `logfilter lsp` instead.
 */
import { join } from 'node:path';

/** The folder, inside the extension, holding the language server's bundle. */
export const SERVER_FOLDER = 'server';
/** The language server's bundle: one file, with core and every dataset's catalog inside it. */
export const SERVER_ENTRY = 'server.cjs';

/** The extension's settings, as read from the `logfilter` configuration section. */
export interface ExtensionSettings {
  /** `logfilter.dataset`: the dataset of files whose first line names none (empty: the server's default). */
  dataset?: string;
  /** `logfilter.path`: a `logfilter` executable to use instead of the bundled server (empty: the bundled one). */
  path?: string;
  /** `logfilter.docsBaseUrl`: the documentation site diagnostics link to (empty: the server's default). */
  docsBaseUrl?: string;
}

/** The process that runs the server: what `child_process.spawn` (and vscode-languageclient's `Executable`) takes. */
export interface ServerCommand {
  command: string;
  args: string[];
  options: { env: NodeJS.ProcessEnv; shell: boolean };
}

/** The runtime the editor runs the extension in: its executable and environment. */
export interface Runtime {
  execPath: string;
  env: NodeJS.ProcessEnv;
}

export function serverCommand(extensionPath: string, settings: ExtensionSettings, runtime: Runtime): ServerCommand {
  const path = settings.path?.trim();
  if (path) {
    // npm installs `logfilter` on Windows as a .cmd script, which only a shell can run.
    return { command: path, args: ['lsp', '--stdio'], options: { env: runtime.env, shell: /\.(cmd|bat)$/i.test(path) } };
  }
  // In VS Code, execPath is the editor's Electron binary: ELECTRON_RUN_AS_NODE makes it a plain Node.
  return {
    command: runtime.execPath,
    args: [join(extensionPath, SERVER_FOLDER, SERVER_ENTRY), '--stdio'],
    options: { env: { ...runtime.env, ELECTRON_RUN_AS_NODE: '1' }, shell: false },
  };
}

/** The `initializationOptions` the server reads its settings from (@logfilter/language-server: `{dataset, docsBaseUrl}`). */
export function initializationOptions(settings: ExtensionSettings): { dataset?: string; docsBaseUrl?: string } {
  const dataset = settings.dataset?.trim();
  const docsBaseUrl = settings.docsBaseUrl?.trim();
  return { ...(dataset ? { dataset } : {}), ...(docsBaseUrl ? { docsBaseUrl } : {}) };
}
