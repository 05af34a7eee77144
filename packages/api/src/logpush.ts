/**
 * The logpush endpoints beside jobs, under a zone or an account: destination ownership
 * (`.../ownership`, `.../ownership/validate`), destination validation (`.../validate/destination`)
 * and a dataset's fields (`.../datasets/{dataset}/fields`).
 */
import { segment } from './custom-fields.js';
import { scopePath, type ScopeRef } from './jobs.js';
import type { Transport } from './transport.js';

export interface OwnershipChallenge {
  /** Where the service wrote the challenge file, in the destination. */
  filename: string;
  message: string;
  valid: boolean;
}

export class LogpushApi {
  constructor(private readonly transport: Transport) {}

  private path(scope: ScopeRef, rest: string): string {
    return `${scopePath(scope)}/${this.transport.config.productSegment}/${rest}`;
  }

  /** POST .../ownership: the service writes a challenge file into the destination; undefined in a dry run. */
  async requestOwnership(scope: ScopeRef, destinationConf: string): Promise<OwnershipChallenge | undefined> {
    return (await this.transport.request<OwnershipChallenge>('POST', this.path(scope, 'ownership'), { destination_conf: destinationConf }))?.result;
  }

  /**
   * POST .../ownership/validate; an ApiError when the service refuses the token. A POST, so a dry run
   * describes it and sends nothing: undefined then.
   */
  async validateOwnership(scope: ScopeRef, destinationConf: string, challenge: string): Promise<boolean | undefined> {
    const body = { destination_conf: destinationConf, ownership_challenge: challenge };
    const envelope = await this.transport.request<{ valid: boolean }>('POST', this.path(scope, 'ownership/validate'), body);
    return envelope === undefined ? undefined : envelope.result?.valid === true;
  }

  /** POST .../validate/destination; an ApiError when the service refuses it. */
  async validateDestination(scope: ScopeRef, destinationConf: string): Promise<{ valid: boolean; message: string }> {
    const envelope = await this.transport.request<{ valid: boolean; message?: string }>('POST', this.path(scope, 'validate/destination'), {
      destination_conf: destinationConf,
    });
    return { valid: envelope?.result?.valid === true, message: envelope?.result?.message ?? '' };
  }

  /** GET .../datasets/{dataset}/fields: field name to description. */
  async datasetFields(scope: ScopeRef, dataset: string): Promise<Record<string, string>> {
    const envelope = await this.transport.request<Record<string, string>>('GET', this.path(scope, `datasets/${segment(dataset)}/fields`));
    return envelope?.result ?? {};
  }
}
