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
    // 63.2 KB with Chevrotain's parser and lexer in it (39 KB of that), which words the syntax errors; 20.6 KB
    // since the hand-written parser finds the first error too and Chevrotain became the tests' reference alone.
    // 22,000 B until the compile of a ~900-byte filter was made 15% faster (issue 28), for about 310 B: the
    // serializer writes string values between cached prefixes that open their quote and `"}` (a fifth of the
    // output's time, 86 B), the optimiser keeps a group after one look at each pair of members (128 B),
    // lint finds a field named twice by one bit per name (36 B), lowering splices same-kind groups as it goes.
    // The scanner telling the output that no value needs escaping (4% of that compile) took 99 B, made room for
    // by leaving out the token lists only the reference reads (68 B). 22,300 B until `X in us, ca` got a hint of
    // its own (214 B): the parentheses of its list, where quoting the values led to a filter of one value "us,ca".
    // 22,550 B until three mistakes of new users got words of their own: `X between 500 and 599` (which
    // stopped at 599 with "expected a field name") and `in "us,ca"` (told to write in ("us,ca")), 590 B;
    // `EdgeStartTimestamp gt 2024-01-01` (told the operators of each side), the Unix time to write, 313 B.
    // 23,450 B until `ClientIP in (10.0.0.0/8)`, which compiles to a value no address equals, was warned
    // of with the text its addresses start with (`not-an-address`, 377 B). 23,850 B until a `*` at an end of
    // a value (`eq *.example.com`, a character to the service) was warned of with what the pattern means
    // (`not-a-wildcard`, 332 B). 24,150 B until a pattern operator of another language (`like '/api%'`,
    // `matches "\\.php$"`, `wildcard`) was told the one criterion it means (641 B). 24,800 B until `~`,
    // `!~` and `=~` (Cloudflare's rules), where the parser stops, were worded as `matches` is (365 B).
    expect(gzipSync(script).length).toBeLessThan(25_200);
    expect(script).not.toContain('performSelfAnalysis');
  });

  it('carries all 38 when it names datasets through the built-in catalog', async () => {
    const script = await bundle(`
      import { compile } from '@logfilter/core';
      document.body.textContent = compile('ClientCountry in (us, ca)', { dataset: 'http_requests' }).json;
    `);
    expect(new Set(datasetsIn(script)).size).toBe(37); // 38 files; firewall_events is documented in two scopes
  });
});
