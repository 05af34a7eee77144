// The language server's re-check: one incremental change to a ~1000-byte document, from the
// client sending didChange to its diagnostics arriving, over the built `logfilter lsp`'s stdio.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { median, row } from '../lib.mjs';
import { KEYSTROKE_FILTER } from './language-service.mjs';

export const title = 'language server (one keystroke over stdio, ~1000-byte document)';

const FRAME_MS = 1000 / 60;
const KEYSTROKES = 400;

export async function run() {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '../../packages/cli/bin/logfilter.cjs');
  const child = spawn(process.execPath, [bin, 'lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let arrived = () => {};
  connection.onNotification('textDocument/publishDiagnostics', () => arrived());
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await connection.sendNotification('initialized', {});
  const uri = 'file:///bench.lf';
  const published = () => new Promise((resolve) => (arrived = resolve));
  let next = published();
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'logfilter', version: 1, text: KEYSTROKE_FILTER } });
  await next;
  // Type a space and delete it again after `BotScore`, one change per keystroke, as an editor sends them.
  const line = KEYSTROKE_FILTER.split('\n').findIndex((text) => text.includes('BotScore'));
  const character = KEYSTROKE_FILTER.split('\n')[line].indexOf('BotScore') + 'BotScore'.length;
  const times = [];
  for (let version = 2; version < KEYSTROKES + 2; version++) {
    const typing = version % 2 === 0;
    const range = { start: { line, character }, end: { line, character: typing ? character : character + 1 } };
    next = published();
    const start = process.hrtime.bigint();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text: typing ? ' ' : '' }] });
    await next;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)];
  const label = `${Buffer.byteLength(KEYSTROKE_FILTER)} B`;
  return [
    row(`didChange -> diagnostics, median (${label})`, median(times.slice(50)), 'ms', 'one frame at 60 Hz', FRAME_MS, 1),
    row(`didChange -> diagnostics, 95th percentile`, p95, 'ms', 'one frame at 60 Hz', FRAME_MS, 1),
  ];
}
