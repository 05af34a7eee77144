/** Validates a SARIF log against the OASIS SARIF 2.1.0 JSON schema (draft-04), committed beside this file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import { REPO_ROOT } from './cli.js';

const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'test/support/schemas/sarif-schema-2.1.0.json'), 'utf8')) as object;
// The schema uses "format": "uri" and friends; ajv leaves unknown formats alone unless strict.
// The package is CommonJS with `exports.default`; under NodeNext typing that is the constructor.
const validate = new ajvDraft04.default({ allErrors: true, strict: false, validateFormats: false }).compile(schema);

/** The schema's complaints about `log`, one per line; empty when it is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
