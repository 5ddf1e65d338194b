export { checkAddress, validateAllowlist, type AddressCheck } from './check-address';
export { describeAllowedAddresses, type AllowedAddresses } from './describe-allowed-addresses';
export { checkOutboundUrl, checkUrlForRegistration, type UrlCheck } from './check-url';
export { systemResolver, type HostResolver, type ResolvedAddress } from './checked-connector';
export { createSafeFetch, type FetchLike, type SafeFetch, type SafeFetchOptions } from './safe-fetch';
export { OutboundTimeoutError, SsrfRefusedError, type SsrfRule } from './ssrf-errors';
