/** Types of paths.mjs, for the type-checked tests. */
export declare const EXTENSION_DIR: string;
export declare const GRAMMAR_FILE: string;
export declare const LANGUAGE_CONFIGURATION_FILE: string;
export declare const LANGUAGE_SERVER_DIR: string;
export declare const SERVER_BUNDLE: string;
export declare function vsixFile(): string;
