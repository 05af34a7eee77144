/** A network compared with a field that holds one IP address: a warning, and the text its addresses start with. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile, decompile, evaluate } from '../src/index.js';
import { ADDRESS_FIELDS, networkOf } from '../src/language/logged-values.js';

const catalogFolder = new URL('../catalog/', import.meta.url);
const catalog = readdirSync(catalogFolder)
  .filter((file) => file.endsWith('.json'))
  .map(
    (file) =>
      JSON.parse(readFileSync(new URL(file, catalogFolder), 'utf8')) as {
        dataset: string;
        fields: Array<{ name: string; type: string; description?: string }>;
      },
  );

describe('the address fields', () => {
  it('are string fields the catalog documents as one IP, wherever they are', () => {
    for (const name of ADDRESS_FIELDS) {
      const found = catalog.flatMap((file) => file.fields.filter((field) => field.name === name).map((field) => ({ ...field, dataset: file.dataset })));
      expect(found.length, name).toBeGreaterThan(0);
      for (const field of found) {
        expect(field.type, `${field.dataset}.${name}`).toBe('string');
        expect(field.description, `${field.dataset}.${name}`).toMatch(/\bIP\b/);
        expect(field.description, `${field.dataset}.${name}`).not.toMatch(/netmask|class|version|range|network/i);
      }
    }
  });
});

describe('networkOf', () => {
  it('reads an address and a prefix length, with the text of an IPv4 network that ends on a dot', () => {
    expect(networkOf('10.0.0.0/8')).toEqual({ prefix: '10.' });
    expect(networkOf('172.16.0.0/16')).toEqual({ prefix: '172.16.' });
    expect(networkOf('192.0.2.0/24')).toEqual({ prefix: '192.0.2.' });
    expect(networkOf('192.0.2.7/32')).toEqual({ address: '192.0.2.7' });
    expect(networkOf('10.16.0.0/12')).toEqual({});
    expect(networkOf('2001:db8::/32')).toEqual({});
    expect(networkOf('::1/128')).toEqual({});
    for (const text of ['10.0.0.1', '/api/v1', 'a/8', '10.0.0/8', '2001:db8::', '10.0.0.0/']) expect(networkOf(text), text).toBeUndefined();
  });

  it('gives a prefix whose startsWith passes exactly the addresses of the network', () => {
    const inNetwork = (address: string, network: string, bits: number) => {
      const value = (text: string) => text.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
      const block = 2 ** (32 - bits);
      return Math.floor(value(address) / block) === Math.floor(value(network) / block);
    };
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 256;
    for (const [network, bits] of [
      ['10.0.0.0', 8],
      ['172.16.0.0', 16],
      ['192.0.2.0', 24],
    ] as const) {
      const { prefix } = networkOf(`${network}/${bits}`)!;
      const near = network.split('.').map(Number);
      for (let i = 0; i < 2000; i++) {
        // Addresses near the network (its own leading octets, or one off) and far from it.
        const octets = near.map((octet, k) => (k < bits / 8 && i % 3 !== 0 ? (i % 5 === 0 ? (octet + 1) % 256 : octet) : next()));
        const address = octets.join('.');
        expect(address.startsWith(prefix!), address).toBe(inNetwork(address, network, bits));
      }
    }
  });
});

describe('a network compared with an address field', () => {
  it('is a warning on the criterion, with the prefix to write', () => {
    const result = compile('ClientIP in (192.0.2.1, 10.0.0.0/8) AND BotScore lt 30');
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toMatchObject([
      {
        code: 'not-an-address',
        severity: 'warning',
        message: `'ClientIP' holds one IP address, and "10.0.0.0/8" is a network, which it never holds`,
        hint: 'the service compares text and has no network match: its addresses are those that start with 10. (startsWith 10., or !startsWith for none of them)',
      },
    ]);
    // Compared as text, as the service compares it: the network passes no address.
    expect(evaluate(result.filter!, { ClientIP: '10.1.2.3', BotScore: 1 })).toBe(false);
    expect(evaluate(compile('ClientIP startsWith 10. AND BotScore lt 30').filter!, { ClientIP: '10.1.2.3', BotScore: 1 })).toBe(true);
  });

  it('is not a warning for an address, another field, or with lint off', () => {
    for (const text of ['ClientIP eq 10.1.2.3', 'ClientRequestPath eq 10.0.0.0/8', 'ClientIP startsWith 10.'])
      expect(compile(text).diagnostics, text).toEqual([]);
    expect(compile('ClientIP eq 10.0.0.0/8', { lint: false }).diagnostics).toEqual([]);
  });

  it('is reported on filter JSON at the criterion', () => {
    const result = decompile(
      '{"where":{"and":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"OriginIP","operator":"!eq","value":"198.51.100.7/32"}]}}',
    );
    expect(result.diagnostics).toMatchObject([
      { code: 'not-an-address', pointer: '/where/and/1', hint: expect.stringContaining('write its one address, 198.51.100.7') },
    ]);
  });
});
