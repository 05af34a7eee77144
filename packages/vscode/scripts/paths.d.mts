/** Types of paths.mjs, for the type-checked tests. */
export declare const EXTENSION_DIR: string;
export declare const GRAMMAR_FILE: string;
export declare const LANGUAGE_CONFIGURATION_FILE: string;
export declare const CLI_DIST: string;
export declare function vsixFile(): string;
