/** Types of artefacts.mjs, for the type-checked grammar test. */
export declare const GRAMMAR_DIR: string;
export declare function buildArtefacts(): Record<string, string>;
