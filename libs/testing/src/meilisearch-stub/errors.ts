/** An error as Meilisearch answers it: an HTTP status and a JSON body with a code and a link to its docs. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** `error` itself if it is an ApiError, else a 500 'internal' one carrying its text. */
  static from(error: unknown): ApiError {
    return error instanceof ApiError ? error : new ApiError(500, 'internal', String(error));
  }

  toJSON() {
    const type = this.status === 401 || this.status === 403 ? 'auth' : 'invalid_request';
    return {
      message: this.message,
      code: this.code,
      type,
      link: `https://docs.meilisearch.com/errors#${this.code}`,
    };
  }
}
