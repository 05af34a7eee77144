/**
 * chevrotain-recording.ts overrides a Chevrotain method its typings do not declare. It holds for the
 * version it was checked against: a different installed version fails here, before anything else can.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_CHEVROTAIN_VERSION, RECORDING_METHODS } from '../src/syntax/chevrotain-recording.js';
import { parse } from '../src/syntax/parse.js';

const require = createRequire(join(import.meta.dirname, '../package.json'));

function installedVersion(): string {
  const main = require.resolve('chevrotain');
  let dir = dirname(main);
  while (!dir.endsWith('chevrotain')) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('the one reach into Chevrotain internals', () => {
  it('was checked against the installed Chevrotain', () => {
    expect(installedVersion(), 'Chevrotain changed: re-read its recorder before trusting chevrotain-recording.ts').toBe(CHECKED_CHEVROTAIN_VERSION);
  });

  it("leaves Chevrotain's own DSL methods in place after recording", () => {
    expect(parse('BotScore lt 30 AND (a in (x, y) OR not b eq 1)').diagnostics).toEqual([]);
    const { EmbeddedActionsParser } = require('chevrotain') as { EmbeddedActionsParser: { prototype: Record<string, unknown> } };
    for (const name of RECORDING_METHODS) expect(typeof EmbeddedActionsParser.prototype[name], name).toBe('function');
  });
});
