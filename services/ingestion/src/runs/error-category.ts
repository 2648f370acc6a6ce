import type { IngestionErrorCategory } from '@pulse/contracts';
import type { FetchOutcome } from '../pipeline/pipeline.types';

type FetchFailed = Pick<Extract<FetchOutcome, { kind: 'failed' }>, 'reason' | 'status' | 'code'>;

/** Resolver errors (getaddrinfo): the name did not resolve, for now or for good. */
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA']);
/** OpenSSL's certificate errors and Node's TLS ones (ERR_TLS_*, ERR_SSL_*). */
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER|DECRYPT)|^ERR_(TLS|SSL)_/;

/**
 * The public category of a failed fetch (IngestionErrorCategory in libs/contracts): what went wrong, in
 * words that name no address, host, resolver or library. The raw message stays on the admin's view.
 */
export function fetchFailureCategory(failure: FetchFailed): IngestionErrorCategory {
  switch (failure.reason) {
    case 'http-status': {
      const status = failure.status ?? 0;
      if (status >= 400 && status < 500) return 'http-4xx';
      if (status >= 500 && status < 600) return 'http-5xx';
      return 'http-other';
    }
    case 'network': {
      const code = failure.code ?? '';
      if (DNS_CODES.has(code)) return 'dns';
      if (TLS_CODE.test(code)) return 'tls';
      return 'connection';
    }
    default:
      return failure.reason;
  }
}

/** A failure of the service itself while handling what it fetched or was pushed (a store outage, a bug). */
export const INTERNAL_FAILURE: IngestionErrorCategory = 'internal';

/**
 * The category of a stored failure: the one recorded with it, or 'unknown' for one recorded before
 * categories were kept (its message is still the admin's to read).
 */
export const storedCategory = (
  category: IngestionErrorCategory | null | undefined,
  error: string | null,
): IngestionErrorCategory | null => category ?? (error ? 'unknown' : null);
