/**
 * The workspace tsconfig resolves modules the 'node' (node10) way, which ignores package.json "exports";
 * meilisearch publishes its types only through "exports", so TypeScript cannot find them by name. This
 * points the name at the published declarations. Delete it once tsconfig.base.json moves to
 * moduleResolution 'node16' or 'bundler'. Types only: at run time Node resolves 'meilisearch' normally.
 */
declare module 'meilisearch' {
  export * from 'meilisearch/dist/index';
}
