/** Where a job command works: `--zone ID` or `--account ID`, exactly one; and the dataset checked against that scope. */
import { cliHint } from './report/advice.js';
import { ValidationError, type ScopeRef } from '@logfilter/api';
import { type Dataset, diagnosticAt, type JobScope, NOWHERE } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from './context.js';
import { UsageError } from './io.js';

export interface ScopeFlags {
  zone?: string;
  account?: string;
}

export interface Scope {
  kind: JobScope;
  id: string;
  ref: ScopeRef;
  /** `zone 023e...` or `account 01a7...`, for messages. */
  label: string;
}

export function addScopeOptions(command: Command): Command {
  return command.option('--zone <id>', 'the zone id (zone-scoped datasets)').option('--account <id>', 'the account id (account-scoped datasets)');
}

export function scopeOf(flags: ScopeFlags): Scope {
  if (flags.zone !== undefined && flags.account !== undefined) throw new UsageError('give --zone or --account, not both');
  if (flags.account !== undefined) return { kind: 'account', id: flags.account, ref: { account: flags.account }, label: `account ${flags.account}` };
  if (flags.zone !== undefined) return { kind: 'zone', id: flags.zone, ref: { zone: flags.zone }, label: `zone ${flags.zone}` };
  throw new UsageError('give --zone ID or --account ID: where the jobs live (`logfilter datasets` shows which scope each dataset has)');
}

/**
 * The dataset named (default http_requests) as seen from `scope`; an unknown name is a usage error
 * (exit 2), a dataset of the other scope a validation error (exit 1) that names the right option.
 */
export function datasetInScope(context: Context, name: string | undefined, scope: Scope): Dataset {
  const resolved = context.resolveDataset(name, scope.kind);
  if (!resolved.error) return resolved.dataset;
  const { code, message } = resolved.error;
  const hint = cliHint(resolved.error);
  if (code === 'unknown-dataset') throw new UsageError(`${message}; ${hint}`, code);
  throw new ValidationError(`${message}; nothing was sent`, [diagnosticAt(NOWHERE, code, message, { hint })]);
}
