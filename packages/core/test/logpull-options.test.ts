import { buildLogpullOptions, checkLogpullOptions, emptyNames, parseLogpullOptions, type Diagnostic } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const summary = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.severity}:${d.code}@${d.range.start.column}-${d.range.end.column}`);

describe('logpull_options', () => {
  it('accepts the spec example', () => {
    const text = 'fields=RayID,ClientIP,EdgeStartTimestamp&timestamps=rfc3339&CVE-2021-44228=true';
    const result = checkLogpullOptions(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.fields?.map((f) => f.name)).toEqual(['RayID', 'ClientIP', 'EdgeStartTimestamp']);
    expect(result.options.map((o) => [o.key, o.value])).toEqual([
      ['fields', 'RayID,ClientIP,EdgeStartTimestamp'],
      ['timestamps', 'rfc3339'],
      ['CVE-2021-44228', 'true'],
    ]);
  });

  it('builds the string in a fixed order and parses it back', () => {
    const text = buildLogpullOptions({
      fields: ['RayID', 'ClientIP'],
      timestamps: 'unix',
      options: [
        ['CVE-2021-44228', 'true'],
        ['sample', '0.5'],
      ],
    });
    expect(text).toBe('fields=RayID,ClientIP&timestamps=unix&CVE-2021-44228=true&sample=0.5');
    expect(checkLogpullOptions(text).ok).toBe(true);
    expect(buildLogpullOptions({})).toBe('');
    expect(parseLogpullOptions('')).toEqual([]);
  });

  it('checks field names against the dataset with did-you-mean and the right case', () => {
    const result = checkLogpullOptions('fields=RayId,ClientIPP,Nope,RayID,RayID');
    expect(summary(result.diagnostics)).toEqual([
      'error:unknown-field@8-13',
      'error:unknown-field@14-23',
      'error:unknown-field@24-28',
      'warning:duplicate-field@35-40',
    ]);
    expect(result.diagnostics.map((d) => d.hint)).toEqual([
      "did you mean 'RayID'?",
      "did you mean 'ClientIP'?",
      'check the fields of dataset http_requests',
      'remove one',
    ]);
    expect(result.diagnostics[2].advice).toEqual({ kind: 'list-fields', dataset: 'http_requests' });
  });

  it('uses the dataset given, and says when the dataset is unknown', () => {
    expect(checkLogpullOptions('fields=QueryName,ResponseCode', { dataset: 'dns_logs' }).diagnostics).toEqual([]);
    expect(checkLogpullOptions('fields=QueryName', { dataset: 'http_requests' }).diagnostics[0].code).toBe('unknown-field');
    expect(checkLogpullOptions('fields=RayID', { dataset: 'http_request' }).diagnostics).toMatchObject([
      { code: 'unknown-dataset', hint: "did you mean 'http_requests'? (see the list of datasets)", advice: { kind: 'list-datasets', guess: 'http_requests' } },
    ]);
  });

  it('knows the options and their values', () => {
    const result = checkLogpullOptions('timestamps=rfc339&CVE-2021-44228=yes&sample=2&Fields=RayID&timestamp=unix&CVE-2021-44228');
    expect(result.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      ['invalid-option-value', "timestamps takes rfc3339, unix, unixnano, not 'rfc339'", "did you mean 'rfc3339'?"],
      ['invalid-option-value', "CVE-2021-44228 takes true or false, not 'yes'", undefined],
      ['invalid-option-value', "sample takes a fraction above 0 and at most 1 (e.g. 0.1), not '2'", undefined],
      ['unknown-option', "unknown option 'Fields'", "did you mean 'fields'?"],
      ['unknown-option', "unknown option 'timestamp'", "did you mean 'timestamps'?"],
      ['option-without-value', "option 'CVE-2021-44228' has no value", 'write CVE-2021-44228=true'],
    ]);
  });

  it('reports duplicates, empty options, empty names and spaces', () => {
    const result = checkLogpullOptions('fields=RayID,, ClientIP&&timestamps=unix&timestamps=rfc3339&fields=');
    expect(summary(result.diagnostics)).toEqual([
      'error:empty-field-name@14-15',
      'error:space-in-fields@15-24',
      'warning:empty-option@25-26',
      'error:duplicate-option@42-52',
      'error:duplicate-option@61-67',
    ]);
  });

  it('cross-checks Cookies, RequestHeaders and ResponseHeaders with the custom fields configured', () => {
    const customFields = { ...emptyNames(), request_fields: ['user-agent'], cookie_fields: ['session'] };
    const result = checkLogpullOptions('fields=RayID,RequestHeaders,ResponseHeaders', { customFields });
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['custom-field-not-listed', "the zone logs cookie custom fields (session), but 'Cookies' is not in fields: nothing of them will be delivered"],
      ['custom-field-not-configured', "'ResponseHeaders' is listed, but the zone has no response header custom fields: nothing will be delivered in it"],
    ]);
    expect(result.ok).toBe(true);
    expect(checkLogpullOptions('fields=Cookies,RequestHeaders', { customFields }).diagnostics).toEqual([]);
    expect(checkLogpullOptions('fields=QueryName', { dataset: 'dns_logs', customFields }).diagnostics).toEqual([]);
  });
});
