/** Both adapters throw these, so callers (and the contract suite) handle one set of errors. */

/** The index was not ensured by this process (see SearchIndex.ensureIndex). */
export class SearchIndexNotFoundError extends Error {
  constructor(readonly index: string) {
    super(`Search index '${index}' has not been ensured by this process; call ensureIndex at start`);
    this.name = 'SearchIndexNotFoundError';
  }
}

/** Bad input from the caller: an unknown filter or sort field, a bad page, a bad document id. */
export class SearchInputError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'SearchInputError';
  }
}

/** The search backend refused or failed an operation (a failed Meilisearch task, for example). */
export class SearchBackendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchBackendError';
  }
}
