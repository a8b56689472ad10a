// @ts-check
// The headers every response carries, and the policy of the JSON endpoints. next.config.js gives
// them to Next.js's responses; scripts/server-net.mjs to the answers the server process writes
// itself (liveness, refused bodies, requests the HTTP parser refused).

/** On every response. */
const commonHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** JSON endpoints never render anything: the strictest policy fits them. */
const apiPolicy = { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" };

/** The path prefixes that answer JSON only. */
const apiPrefixes = ['/v1', '/oauth', '/api'];

module.exports = { commonHeaders, apiPolicy, apiPrefixes };
