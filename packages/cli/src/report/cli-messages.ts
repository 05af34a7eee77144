/**
 * The CLI's own part of the message table: the messages whose words name the CLI's flags in the
 * message itself (`-d X disagrees with ...`), so they cannot be core's (core names no flag; its
 * hints' advice is data, advice.ts). Each is a template over typed data, as in core's table.
 */
import { type DiagnosticCode, didYouMean, madeOnFirstUse, type MessageTemplate } from '@logfilter/core';

type DatasetLine = { given: string; named: string; option: string };
type JobDataset = { given?: string; job?: string };
type Tail = { streamed: string; filtered: string };
type NamedByLine = { problem: string; advice: string };
/** `guess`: the code closest to the one given, when one is close enough to be a typo. */
type UnknownCode = { code: string; codes: readonly string[]; guess?: string };
type JobsFile = { file: string; detail: string };

const makeCliMessages = () =>
  ({
    'dataset-disagrees': {
      /** `-d` and the filter's `# dataset:` line name different datasets; `option` is the id of -d's. */
      datasetLine: {
        message: (d: DatasetLine) => `-d ${d.given} disagrees with the '# dataset: ${d.named}' line`,
        hint: (d: DatasetLine) => `drop -d (the line names the filter's dataset), or change the line to '# dataset: ${d.option}'`,
      },
      /** `-d` and the dataset of the job holding the filter differ (either may be unknown when core's words do not say). */
      jobDataset: {
        message: (d: JobDataset) => `-d${d.given ? ` ${d.given}` : ''} disagrees with the job's dataset${d.job ? ` '${d.job}'` : ''}`,
        hint: (_: JobDataset) => "drop -d: a job's filter runs against the job's own dataset",
      },
      /** `tail` streams one dataset (Instant Logs), and the filter is of another. */
      tail: {
        message: (d: Tail) => `tail streams ${d.streamed} (Instant Logs), and the filter is for ${d.filtered}`,
        hint: (d: Tail) => `give a filter of ${d.streamed}`,
      },
    },
    'unknown-dataset': {
      /** The `# dataset:` line names no dataset: core's message (`problem`) and its advice as the CLI says it. */
      datasetLine: {
        message: (d: NamedByLine) => `${d.problem}, named by the '# dataset:' line`,
        hint: (d: NamedByLine) => `fix the first line, or give the dataset with -d: ${d.advice}`,
      },
    },
    'invalid-argument': {
      /** `explain --code` with a filter besides. */
      codeAndFilter: {
        message: () => '--code explains a diagnostic code, not a filter',
        hint: () => 'give either --code CODE or the filter',
      },
      unknownCode: {
        message: (d: UnknownCode) => `unknown diagnostic code '${d.code}'`,
        hint: (d: UnknownCode) => (d.guess ? didYouMean(d.guess) : `the codes are: ${d.codes.join(', ')}`),
      },
    },
    'invalid-json': {
      /** `jobs overlap --file`: `file` as given (`<stdin>` for -), `detail` what the JSON reader says. */
      jobsFile: { message: (d: JobsFile) => `${d.file} is not valid JSON (${d.detail})` },
    },
  }) as const satisfies { readonly [C in DiagnosticCode]?: Readonly<Record<string, MessageTemplate<never>>> };

/** The CLI's part, by code and message id. */
export type CliMessages = ReturnType<typeof makeCliMessages>;

/** The CLI's part, made on first use: most runs word none of its messages. */
export const cliMessages: () => CliMessages = /*@__PURE__*/ madeOnFirstUse(makeCliMessages);
