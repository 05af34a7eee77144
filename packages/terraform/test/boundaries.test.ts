/**
 * What the package promises about itself: it depends on @logfilter/core alone (no solver: the
 * comparison by meaning is passed in), reads no files and imports nothing of Node's, so it runs
 * wherever core does; and the CLI holds no HCL or plan reader of its own any more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE = join(import.meta.dirname, '..');
const sources = (folder: string) =>
  (readdirSync(folder, { recursive: true }) as string[]).filter((name) => name.endsWith('.ts')).map((name) => readFileSync(join(folder, name), 'utf8'));

describe('@logfilter/terraform', () => {
  it('depends on @logfilter/core alone', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).toEqual(['@logfilter/core']);
    expect(manifest.peerDependencies).toBeUndefined();
  });

  it('imports only core and its own modules: nothing of Node, no solver', () => {
    const imported = sources(join(PACKAGE, 'src')).flatMap((text) => [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]));
    expect(imported.filter((name) => !name.startsWith('./') && name !== '@logfilter/core')).toEqual([]);
  });

  it('is the only HCL and plan reader: the CLI imports it and defines none', () => {
    const cli = sources(join(PACKAGE, '..', 'cli', 'src')).join('\n');
    expect(cli).toContain("from '@logfilter/terraform'");
    expect(cli).not.toMatch(/function (lexHcl|parseHcl|parseHclExpression|filterSource|plannedJobs|readPlan)\b|class HclSyntaxError/);
  });
});
