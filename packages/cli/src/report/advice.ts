/**
 * Core's advice (a diagnostic's `advice`: list a dataset's fields, choose another dataset, give the
 * job another scope, ...) in the CLI's terms: the command or flag that does it. Core words the same
 * advice in plain words (the diagnostic's `hint`); the CLI shows this instead, in every format.
 */
import { type Advice, didYouMean, listed } from '@logfilter/core';

/** The advice as the CLI says it. */
function adviceForCli(advice: Advice): string {
  switch (advice.kind) {
    case 'list-fields':
      return `\`logfilter fields ${advice.dataset}\` lists the fields of the dataset`;
    case 'list-datasets':
      return advice.guess ? `${didYouMean(advice.guess)} (\`logfilter datasets\` lists them)` : '`logfilter datasets` lists the datasets';
    case 'choose-dataset': {
      const flag = advice.datasets.length === 1 ? `-d ${advice.datasets[0]}` : '-d and the dataset you mean';
      return `'${advice.field}' is a field of ${listed(advice.datasets)}; compile with ${flag}${advice.guess ? `; or ${didYouMean(advice.guess)}` : ''}`;
    }
    case 'scope': {
      const { scope, given } = advice;
      return `use --${scope} ID instead of --${given} ID (check and decompile: --scope ${scope}; Terraform: ${scope}_id instead of ${given}_id)`;
    }
    case 'check-terraform-files':
      return `logfilter reads a Terraform plan in JSON of up to ${advice.limit}: is this the right file? For a larger workspace, plan only the jobs (terraform plan -target=cloudflare_logpush_job.NAME ...) or check the .tf files with --terraform`;
    case 'configure-custom-fields':
      return `configure them first (\`logfilter custom-fields set --zone ID --${advice.fields} NAME\`), or remove '${advice.carrier}'`;
  }
}

/** The hint the CLI shows for a diagnostic (or a dataset problem): its advice in the CLI's terms when it has one, else core's hint. */
export function cliHint(diagnostic: { hint?: string; advice?: Advice }): string | undefined {
  return diagnostic.advice ? adviceForCli(diagnostic.advice) : diagnostic.hint;
}

/** The diagnostic with its hint in the CLI's terms (the same object when it has no advice). */
export function withCliHint<D extends { hint?: string; advice?: Advice }>(diagnostic: D): D {
  return diagnostic.advice ? { ...diagnostic, hint: adviceForCli(diagnostic.advice) } : diagnostic;
}
