// Every fetch the server makes on a user's behalf (web scraper, URL imports, model listing) goes
// through safeFetch; see docs/decisions/0005-outbound-fetch.md.
export {
  safeFetch,
  parseFetchUrl,
  fetchPolicyForTests,
  isOutboundError,
  USER_AGENT,
  type SafeFetchOptions,
  type SafeResponse,
  type FetchPolicy,
  type Resolver,
  type ResolvedAddress,
  type OutboundFailure,
} from './safe-fetch';
export { isPublicAddress, refusedAddressReason } from './ip-policy';
