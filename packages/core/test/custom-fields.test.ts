import { checkCustomFields, checkCustomFieldRules, checkCustomFieldsText, customFieldNames, type Diagnostic } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const rule = (parameters: object, extra: object = {}) => ({
  action: 'log_custom_field',
  expression: 'true',
  description: 'fields',
  action_parameters: parameters,
  ...extra,
});
const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.severity}:${d.code}@${d.pointer}`);

describe('custom-field rules', () => {
  it('accepts the spec example as a rule, a rules array, a PUT body, a ruleset and an envelope', () => {
    const valid = rule({
      request_fields: [{ name: 'content-type' }, { name: 'x-forwarded-for' }],
      response_fields: [{ name: 'access-control-allow-origin' }],
      cookie_fields: [{ name: '__ga' }, { name: 'accountNumber' }],
    });
    const ruleset = { id: 'abc', name: 'Zone-level phase entry point', kind: 'zone', phase: 'http_log_custom_fields', version: '2', rules: [valid] };
    const documents: Array<[unknown, string]> = [
      [valid, 'rule'],
      [[valid], 'rules'],
      [{ rules: [valid] }, 'body'],
      [ruleset, 'ruleset'],
      [{ result: ruleset, success: true, errors: [], messages: [] }, 'envelope'],
    ];
    for (const [document, shape] of documents) {
      const result = checkCustomFields(document);
      expect(result.diagnostics).toEqual([]);
      expect(result).toMatchObject({ ok: true, shape });
      expect(result.fields.cookie_fields).toEqual(['__ga', 'accountNumber']);
    }
  });

  it('accepts the raw and transformed lists with preserve_duplicates', () => {
    const result = checkCustomFields(
      rule({ transformed_request_fields: [{ name: 'x-a', preserve_duplicates: true }], raw_response_fields: [{ name: 'set-cookie' }] }),
    );
    expect(result.diagnostics).toEqual([]);
  });

  it('checks action, expression and action_parameters', () => {
    const result = checkCustomFields([{ action: 'log', expression: 'http.host eq "a"', action_parameters: {} }, { expression: 'true' }, rule([] as never)]);
    expect(codes(result.diagnostics)).toEqual([
      'error:wrong-action@/0/action',
      'error:wrong-expression@/0/expression',
      'error:no-custom-fields@/0/action_parameters',
      'error:missing-member@/1',
      'error:missing-member@/1',
      'error:wrong-type@/2/action_parameters',
    ]);
    expect(result.diagnostics[0].hint).toBe('write "action": "log_custom_field"');
  });

  it('wants lower-case header names and gives the lower-case name as the hint', () => {
    const [diagnostic] = checkCustomFields(rule({ request_fields: [{ name: 'User-Agent' }] })).diagnostics;
    expect(diagnostic).toMatchObject({
      code: 'header-not-lower-case',
      severity: 'error',
      pointer: '/action_parameters/request_fields/0/name',
      hint: "write 'user-agent'",
    });
  });

  it('keeps cookie names as written and checks their characters', () => {
    const result = checkCustomFields(rule({ cookie_fields: [{ name: 'SessionID' }, { name: 'a b' }, { name: 'id=5' }] }));
    expect(codes(result.diagnostics)).toEqual([
      'error:invalid-cookie-name@/action_parameters/cookie_fields/1/name',
      'error:invalid-cookie-name@/action_parameters/cookie_fields/2/name',
    ]);
    expect(result.diagnostics[1].hint).toBe("write the cookie name alone, without its value: 'id'");
  });

  it('finds bad header tokens, empty and missing names, wrong entry types', () => {
    const result = checkCustomFields(rule({ request_fields: [{ name: 'x-a:1' }, { name: '' }, {}, 'accept', { name: 7 }] }));
    expect(codes(result.diagnostics)).toEqual([
      'error:invalid-header-name@/action_parameters/request_fields/0/name',
      'error:empty-field-name@/action_parameters/request_fields/1/name',
      'error:missing-member@/action_parameters/request_fields/2',
      'error:wrong-type@/action_parameters/request_fields/3',
      'error:wrong-type@/action_parameters/request_fields/4/name',
    ]);
    expect(result.diagnostics[0].message).toBe("'x-a:1' is not a valid HTTP header name: ':' is not allowed in it");
    expect(result.diagnostics[3].hint).toBe('write {"name": "accept"}');
  });

  it('finds duplicates across rules, and a header logged raw and transformed', () => {
    const result = checkCustomFields([
      rule({ request_fields: [{ name: 'accept' }], cookie_fields: [{ name: 'id' }, { name: 'ID' }] }),
      rule({ request_fields: [{ name: 'accept' }], transformed_request_fields: [{ name: 'referer' }] }),
      rule({ request_fields: [{ name: 'referer' }] }),
    ]);
    expect(codes(result.diagnostics)).toEqual([
      'error:duplicate-custom-field@/1/action_parameters/request_fields/0/name',
      'error:raw-and-transformed@/2/action_parameters/request_fields/0/name',
    ]);
  });

  it('warns about range, which the service does not log, and about unknown members', () => {
    const result = checkCustomFields(rule({ request_fields: [{ name: 'range' }], reponse_fields: [] }));
    expect(codes(result.diagnostics)).toEqual([
      'warning:unknown-member@/action_parameters/reponse_fields',
      'warning:header-not-logged@/action_parameters/request_fields/0/name',
    ]);
    expect(result.ok).toBe(true);
    expect(result.diagnostics[0].hint).toBe("did you mean 'response_fields'?");
  });

  it('counts fields across the zone against a configurable limit', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `x-h${i}` }));
    expect(checkCustomFieldRules([rule({ request_fields: many(40) })]).ok).toBe(true);
    const over = checkCustomFieldRules([rule({ request_fields: many(30) }), rule({ response_fields: many(11) })]);
    expect(codes(over.diagnostics)).toEqual(['error:too-many-custom-fields@/rules/1/action_parameters/response_fields/10/name']);
    expect(over.diagnostics[0].message).toBe('41 custom fields are configured; a zone takes at most 40');
    expect(checkCustomFieldRules([rule({ request_fields: many(3) })], { maxFields: 2 }).diagnostics[0].code).toBe('too-many-custom-fields');
  });

  it('checks the ruleset phase and kind, and one zone ruleset per phase in a list', () => {
    const phase = checkCustomFields({ id: 'a', kind: 'custom', phase: 'http_request_firewall_custom', rules: [] });
    expect(codes(phase.diagnostics)).toEqual(['error:wrong-phase@/phase', 'error:wrong-kind@/kind']);
    const ruleset = { kind: 'zone', phase: 'http_log_custom_fields' };
    const list = checkCustomFields({
      success: true,
      errors: [],
      result: [
        { ...ruleset, id: 'a' },
        { kind: 'zone', phase: 'ddos_l7', id: 'b' },
        { ...ruleset, id: 'c' },
      ],
    });
    expect(codes(list.diagnostics)).toEqual(['error:duplicate-ruleset@/result/2']);
  });

  it('reports the errors of a failed envelope as code: message', () => {
    const result = checkCustomFields({ success: false, result: null, errors: [{ code: 10000, message: 'Authentication error' }], messages: [] });
    expect(result.diagnostics).toMatchObject([{ code: 'service-error', pointer: '/errors/0', message: 'the service answered 10000: Authentication error' }]);
  });

  it('gives every diagnostic the position of its value in the text, and of the name for an unknown member', () => {
    const text =
      '{\n  "rules": [\n    {"action": "log_custom_field", "expression": "true",\n     "action_parameters": {"request_fields": [{"name": "Accept"}], "extra": 1}}\n  ]\n}\n';
    const result = checkCustomFieldsText(text);
    expect(result.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column, d.range.end.column])).toEqual([
      ['header-not-lower-case', 4, 56, 64],
      ['unknown-member', 4, 68, 75],
    ]);
  });

  it('reports malformed JSON at the fault, and a document that is none of the shapes', () => {
    const bad = checkCustomFieldsText('{"rules": [\n  {"action": \'x\'}]}');
    expect(bad.diagnostics).toMatchObject([
      { code: 'invalid-json', message: 'malformed JSON: JSON strings take double quotes, not single quotes', range: { start: { line: 2, column: 14 } } },
    ]);
    expect(checkCustomFieldsText('"hello"').diagnostics).toMatchObject([{ code: 'unknown-document', pointer: '' }]);
    expect(checkCustomFieldsText('{"a": 1,}').diagnostics[0].message).toBe("malformed JSON: a trailing ',' is not allowed in JSON");
    expect(checkCustomFieldsText('[{"name": "a\nb"}]').diagnostics[0].message).toBe(
      'malformed JSON: a string may not run across lines: end it with " or write \\n',
    );
    expect(checkCustomFieldsText('').diagnostics[0].message).toBe('malformed JSON: unexpected end of JSON: expected a value');
    expect(checkCustomFieldsText('['.repeat(1000)).diagnostics[0].message).toBe('malformed JSON: JSON nested deeper than 256 levels');
  });

  it('lists the names configured by log_custom_field rules only', () => {
    expect(
      customFieldNames([rule({ request_fields: [{ name: 'a' }] }), { action: 'block', action_parameters: { request_fields: [{ name: 'b' }] } }]).request_fields,
    ).toEqual(['a']);
  });
});
