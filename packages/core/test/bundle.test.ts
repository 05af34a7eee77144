import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Bundles a page's entry as a browser bundler would (minified ESM), returning the script. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: import.meta.dirname, sourcefile: 'page.mjs' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

const datasetsIn = (script: string) => [...script.matchAll(/dataset:"([a-z_0-9]+)"/g)].map((m) => m[1]);

describe('a page that uses one dataset', () => {
  it('carries that dataset alone when it compiles with compileDataset and one catalog file', async () => {
    const script = await bundle(`
      import { compileDataset, datasetFromFile } from '@logfilter/core';
      import httpRequests from '@logfilter/core/catalog/http_requests.json' with { type: 'json' };
      document.body.textContent = compileDataset('ClientCountry in (us, ca)', datasetFromFile(httpRequests)).json;
    `);
    expect(datasetsIn(script)).toEqual(['http_requests']);
    // A field only dns_logs has, and one only workers_trace_events has.
    expect(script).not.toContain('QueryName');
    expect(script).not.toContain('ScriptTags');
    // 58.4 KB before this round; the operator and value-type tables, quick fixes and input limits took it to 60.2 KB,
    // and the message table (each message's id and data names, base/filter-messages.ts) to 61.2 KB;
    // the hand-written parser for well-formed filters (syntax/fast-parse.ts) and the other compile speed-ups of
    // issue 28 (compile at 1.6x-1.7x the speed) took it to 62.8 KB; the syntax errors worded from the message
    // table (their message ids and data names, issue 27) to 63.2 KB.
    expect(gzipSync(script).length).toBeLessThan(63_500);
  });

  it('carries all 38 when it names datasets through the built-in catalog', async () => {
    const script = await bundle(`
      import { compile } from '@logfilter/core';
      document.body.textContent = compile('ClientCountry in (us, ca)', { dataset: 'http_requests' }).json;
    `);
    expect(new Set(datasetsIn(script)).size).toBe(37); // 38 files; firewall_events is documented in two scopes
  });
});
