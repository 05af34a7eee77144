/** An emulator per test on 127.0.0.1, and clients pointed at it; nothing here talks to anything else. */
import { createClient, type Client, type ClientOptions } from '@logfilter/api';
import { startEmulator, type Emulator, type EmulatorOptions } from '@logfilter/emulator';
import { afterEach } from 'vitest';

export const TOKEN = 'test-token-7f3a9c';
export const EMAIL = 'ops@example.com';
export const KEY = 'test-key-41d8cd98f00b';
export const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';

const running: Emulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

/** Starts an emulator accepting TOKEN and EMAIL+KEY; it is closed after the test. */
export async function emulator(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  const started = await startEmulator({ credentials: [{ token: TOKEN }, { email: EMAIL, key: KEY }], ...options });
  running.push(started);
  return started;
}

/** A client of `target` with the token, fast retries and no environment of the machine's. */
export function clientOf(target: Emulator, options: ClientOptions = {}): Client {
  return createClient({ baseUrl: target.baseUrl, credentials: { token: TOKEN }, retryBaseMs: 10, env: {}, ...options });
}

/** The requests the emulator received, as `METHOD path`. */
export function requestLines(target: Emulator): string[] {
  return target.requests.map((request) => `${request.method} ${request.path}`);
}

/** A custom-field rule as a test writes it. */
export function customFieldRule(parameters: object, description = 'fields'): object {
  return { action: 'log_custom_field', expression: 'true', description, action_parameters: parameters };
}

/** The environment of a CLI run against `target`: its base URL and the token, nothing of the machine's. */
export function cliEnv(target: Emulator, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    CLOUDFLARE_BASE_URL: target.baseUrl,
    CLOUDFLARE_API_TOKEN: TOKEN,
    CLOUDFLARE_EMAIL: undefined,
    CLOUDFLARE_API_KEY: undefined,
    LOGFILTER_PRODUCT_SEGMENT: undefined,
    ...extra,
  };
}

/** The error a call to the service fails with; fails the test if the call succeeds instead. */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  return outcome.error as Error;
}
