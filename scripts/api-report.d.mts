/** Types of api-report.mjs, for its test. */
export interface ApiReport {
  /** The report's path from the workspace's root: packages/NAME/api.md. */
  file: string;
  /** The report as the built declarations make it now. */
  text: string;
}
/** The report of each published package of `root` (default this repository), from its built declarations. */
export declare function apiReports(root?: string): ApiReport[];
