/**
 * The wording of the diagnostics of JSON input, custom-field rules, job options, jobs and the tools
 * built on core: the part of the message table (messages.ts) that compiling filter text does not need.
 */
import { m, type MessageTable, wordingOf } from './messages.js';

export const JSON_MESSAGES = {
  'space-in-fields': {
    spaces: m(
      (d: { name: string; trimmed: string; inText: boolean }) => `'${d.name}' has spaces around the field name`,
      (d) => (d.inText ? `write '${d.trimmed}', with no spaces after the commas` : `write '${d.trimmed}'`),
    ),
  },
  'custom-field-not-configured': {
    notConfigured: m(
      (d: { carrier: string; what: string; kind: 'cookie' | 'request' | 'response' }) =>
        `'${d.carrier}' is listed, but the zone has no ${d.what} custom fields: nothing will be delivered in it`,
      (d) => `configure the zone's ${d.what} custom fields first, or remove '${d.carrier}'`,
      (d) => ({ kind: 'configure-custom-fields', fields: d.kind, carrier: d.carrier }),
    ),
  },
} as const satisfies MessageTable;

/** A JSON-input or job diagnostic's words, from its code, message id and data. */
export const jsonMessage = wordingOf(JSON_MESSAGES);
