/** Types of docs-generate.mjs, for the test of the code examples. */
import type { DiagnosticPage } from '@logfilter/cli';

/** The documentation site's page of one diagnostic code, as markdown. */
export declare function diagnosticMarkdown(page: DiagnosticPage): Promise<string>;
