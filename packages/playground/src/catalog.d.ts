/** The built-in catalog as the playground's build serves it: one file per dataset, fetched when first used. */
declare module 'logfilter:builtin-datasets' {
  /** Fetches the catalog file of dataset `id`; the built-in catalog can then give that dataset. */
  export function loadDataset(id: string): Promise<void>;
}
