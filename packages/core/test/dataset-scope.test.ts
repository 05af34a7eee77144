/** The one scope-aware dataset resolver, and the jobs and JSON inputs that go through it. */
import { builtinCatalog, checkJobs, compile, Dataset, resolveDataset } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const UNKNOWN_HINT = "did you mean 'http_requests'? (see the list of datasets)";

describe('resolveDataset', () => {
  it('finds the dataset of a name as seen from the scope', () => {
    expect(resolveDataset({ dataset: 'firewall_events' }).dataset?.id).toBe('firewall_events');
    expect(resolveDataset({ dataset: 'firewall_events', scope: 'zone' }).dataset?.id).toBe('firewall_events');
    expect(resolveDataset({ dataset: 'firewall_events', scope: 'account' }).dataset?.id).toBe('firewall_events@account');
    expect(resolveDataset({ dataset: 'workers_trace_events', scope: 'account' })).toEqual({ dataset: builtinCatalog().get('workers_trace_events') });
    expect(resolveDataset({}).dataset?.name).toBe('http_requests');
  });

  it('says wrong-scope for a dataset of the other scope, with the dataset still given', () => {
    const resolved = resolveDataset({ dataset: 'workers_trace_events', scope: 'zone' });
    expect(resolved.dataset?.id).toBe('workers_trace_events');
    expect(resolved.error).toEqual({
      code: 'wrong-scope',
      message: "dataset 'workers_trace_events' is account-scoped: its jobs live under an account, not a zone",
      hint: 'give the job an account instead of a zone',
      advice: { kind: 'scope', scope: 'account', given: 'zone' },
    });
    expect(resolveDataset({ dataset: 'http_requests', scope: 'account' }).error?.message).toBe(
      "dataset 'http_requests' is zone-scoped: its jobs live under a zone, not an account",
    );
    expect(resolveDataset({ dataset: 'firewall_events@account', scope: 'zone' }).error?.code).toBe('wrong-scope');
  });

  it('applies the scope to a Dataset given as an object', () => {
    const zone = builtinCatalog().get('firewall_events')!;
    expect(resolveDataset({ dataset: zone, scope: 'account' }).dataset?.id).toBe('firewall_events@account');
    const own = new Dataset('mine', 'zone', []);
    expect(resolveDataset({ dataset: own, scope: 'account' }).error?.code).toBe('wrong-scope');
    expect(resolveDataset({ dataset: own }).dataset).toBe(own);
  });

  it('words an unknown name one way, with or without a scope', () => {
    for (const scope of [undefined, 'zone', 'account'] as const) {
      expect(resolveDataset({ dataset: 'http_request', scope }).error).toEqual({
        code: 'unknown-dataset',
        message: "unknown dataset 'http_request'",
        hint: UNKNOWN_HINT,
        advice: { kind: 'list-datasets', guess: 'http_requests' },
      });
    }
    // Under an account, the name to write is the plain one.
    expect(resolveDataset({ dataset: 'firewall_event', scope: 'account' }).error?.hint).toMatch(/^did you mean 'firewall_events'\?/);
    expect(resolveDataset({ dataset: 'zzzzzzzzzzzz' }).error?.hint).toBe('see the list of datasets');
  });

  it('answers a wrong argument from plain JavaScript with a diagnostic, not a TypeError', () => {
    expect(resolveDataset({ dataset: 42 as never }).error?.code).toBe('unknown-dataset');
    expect(compile('ClientCountry eq us', { dataset: 42 as never }).diagnostics.map((d) => d.code)).toEqual(['unknown-dataset']);
    expect(resolveDataset({ dataset: 'workers_trace_events', scope: 'galaxy' as never }).error).toBeUndefined();
  });
});

describe('checkJobs through the resolver', () => {
  const job = (dataset: string, filter: string) => JSON.stringify({ dataset, destination_conf: 's3://b/p', filter });

  it('checks an account job on firewall_events against the account dataset', () => {
    const text = job('firewall_events', '{"where":{"key":"ZoneName","operator":"eq","value":"example.com"}}');
    expect(checkJobs(text, { scope: 'account' }).diagnostics).toEqual([]);
    expect(checkJobs(text, { scope: 'zone' }).diagnostics.map((d) => d.code)).toEqual(['unknown-field']);
  });

  it('places a filter error at its column inside the escaped filter string', () => {
    const text = job('http_requests', '{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}');
    const [diagnostic] = checkJobs(text).diagnostics;
    const at = text.indexOf('\\"ClientCountri\\"');
    expect(diagnostic).toMatchObject({
      code: 'unknown-field',
      pointer: '/filter',
      message: "filter at /where/key: unknown field 'ClientCountri' in dataset http_requests",
    });
    expect([diagnostic.range.start.offset, diagnostic.range.end.offset]).toEqual([at, at + '\\"ClientCountri\\"'.length]);
  });

  it("lints each job's filter as compile lints text, at the criterion inside the string", () => {
    const text = `[${job('http_requests', '{"where":{"key":"ClientCountry","operator":"in","value":["US","CA"]}}')}]`;
    const result = checkJobs(text);
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.pointer, d.message])).toEqual([
      ['warning', 'value-case', '/0/filter', `filter at /where: 'ClientCountry' is logged in lower case, so "US" never equals it`],
    ]);
    expect(result.diagnostics[0].range.start.offset).toBe(text.indexOf('{\\"key'));
  });
});
