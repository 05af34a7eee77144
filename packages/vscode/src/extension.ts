/**
 * The VS Code extension for logfilter: `.lf` files get the language, its TextMate grammar and
 * language configuration (package.json), and a client of the logfilter language server for diagnostics,
 * completion, hover, formatting, quick fixes and semantic highlighting.
 */
import { commands, type ExtensionContext, window, workspace } from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/node.js';
import { type ExtensionSettings, initializationOptions, serverCommand } from './server.js';

/** The configuration section the settings live in; the server reads `{logfilter: {...}}` on a change. */
const SECTION = 'logfilter';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  context.subscriptions.push(
    commands.registerCommand('logfilter.restartServer', () => restart(context)),
    // The dataset reaches the running server as a configuration change; another executable needs a new one.
    workspace.onDidChangeConfiguration((change) => {
      if (change.affectsConfiguration(`${SECTION}.path`)) void restart(context);
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
}

function readSettings(): ExtensionSettings {
  const configuration = workspace.getConfiguration(SECTION);
  return { dataset: configuration.get<string>('dataset'), path: configuration.get<string>('path'), docsBaseUrl: configuration.get<string>('docsBaseUrl') };
}

async function start(context: ExtensionContext): Promise<void> {
  const settings = readSettings();
  const server = serverCommand(context.extensionPath, settings, { execPath: process.execPath, env: process.env });
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'logfilter' }],
    initializationOptions: initializationOptions(settings),
    synchronize: { configurationSection: SECTION },
  };
  client = new LanguageClient('logfilter', 'logfilter', server, clientOptions);
  try {
    await client.start();
  } catch (error) {
    const where = settings.path ? `'${settings.path} lsp' (the logfilter.path setting)` : 'the bundled logfilter language server';
    void window.showErrorMessage(`logfilter: could not start ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function restart(context: ExtensionContext): Promise<void> {
  await deactivate();
  await start(context);
}
