export { checkAddress, isIpLiteral, normaliseHost, type AddressVerdict } from './address-guard';
export { decodeBody, normaliseCharset, type DecodedText } from './charset';
export {
  createFetcher,
  fetchUrl,
  FETCH_DEFAULTS,
  USER_AGENT,
  type FetcherDependencies,
  type FetchUrl,
} from './fetch-url';
export { systemResolver, type Resolver } from './safe-lookup';
