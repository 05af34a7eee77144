/**
 * checkTerraformPlan finds a job's filter and dataset in the plan's text by walking only the paths
 * to them and skipping every other value by its brackets and strings. Property: whatever other
 * values the plan holds (any JSON: strings with quotes, backslashes and brackets in them, nesting),
 * however it is indented, each diagnostic lands on the criterion or dataset it is about.
 */
import { builtinCatalog, MAX_NESTING } from '@logfilter/core';
import { checkTerraformPlan, TerraformInputError } from '@logfilter/terraform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 200) };
const catalog = builtinCatalog();

const job = (name: string, values: object, extra: unknown) => ({
  address: `cloudflare_logpush_job.${name}`,
  mode: 'managed',
  type: 'cloudflare_logpush_job',
  name,
  extra,
  values,
});

describe('the places of a plan', () => {
  it('points at the criterion and the dataset whatever else the plan holds', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 4 }), fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (others, extra, indent) => {
        const bad = job('bad', { zone_id: 'z', dataset: 'http_requests', filter: '{"where":{"key":"BotScore","operator":"like","value":"30"}}' }, extra);
        const scope = job('scope', { zone_id: 'z', dataset: 'workers_trace_events', filter: '' }, others);
        const resources = [...others.map((value) => ({ type: 'other', values: value })), bad, scope];
        const text = JSON.stringify({ format_version: '1.2', extra, planned_values: { root_module: { extra: others, resources } } }, null, indent);
        const report = checkTerraformPlan({ name: 'plan.json', text }, { catalog });
        const at = (index: number) => text.slice(report.diagnostics[index].range.start.offset, report.diagnostics[index].range.end.offset);
        expect(report.diagnostics.map((d) => d.code)).toEqual(['unknown-operator']);
        expect(at(0)).toBe('\\"like\\"');
      }),
      RUNS,
    );
  });

  it('points at the dataset of a job under the wrong scope', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (extra, indent) => {
        const moved = job(
          'moved',
          { extra, zone_id: 'z', dataset: 'workers_trace_events', filter: '{"where":{"key":"Outcome","operator":"eq","value":"ok"}}' },
          extra,
        );
        const text = JSON.stringify({ format_version: '1.2', planned_values: { root_module: { resources: [moved] } } }, null, indent);
        const report = checkTerraformPlan({ name: 'plan.json', text }, { catalog });
        const wrong = report.diagnostics.find((d) => d.code === 'wrong-scope');
        expect(wrong && text.slice(wrong.range.start.offset, wrong.range.end.offset)).toBe('"workers_trace_events"');
      }),
      RUNS,
    );
  });

  it('refuses modules nested past the limit with a TerraformInputError, never a stack overflow', () => {
    const depth = 100_000;
    const text = `{"format_version":"1.2","planned_values":{"root_module":${'{"child_modules":['.repeat(depth)}{}${']}'.repeat(depth)}}}`;
    expect(() => checkTerraformPlan({ name: 'deep.json', text }, { catalog })).toThrow(TerraformInputError);
    expect(() => checkTerraformPlan({ name: 'deep.json', text }, { catalog })).toThrow(`deep.json nests modules more than ${MAX_NESTING} levels deep`);
  });
});
