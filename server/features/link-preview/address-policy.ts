import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Which addresses and host names the link fetcher may reach (the SSRF guard's rules). Only
 * globally routable unicast addresses pass; everything a server could use to reach its own
 * network or its cloud provider is refused. The rules are allowlists: an address must prove it is
 * public, so a range nobody thought of is refused rather than let through.
 */

/**
 * Host names refused before any DNS lookup: they name the machine itself or an intranet.
 * `metadata.google.internal` is covered by `.internal`; names without a dot (`localhost`,
 * `metadata`, `instance-data`, `ip6-localhost`) only resolve through local resolver files and
 * search domains, never to a public site.
 */
const PRIVATE_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan'];

/** Whether `hostname` (lower case, no brackets, no trailing dot) is refused by name alone. */
export function isPrivateHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return true;
  return PRIVATE_NAME_SUFFIXES.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
}

/** 2000::/3: the only IPv6 block with global unicast addresses (RFC 4291). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an IP address (v4 or v6 text, without brackets) is public: IPv4 in ipaddr.js's
 * `unicast` range, IPv6 inside 2000::/3 and `unicast` there. This refuses loopback, private,
 * link-local (169.254/16 with the cloud metadata address 169.254.169.254, fe80::/10), carrier-grade
 * NAT 100.64/10, multicast, broadcast, unspecified (0/8, ::), documentation and benchmarking
 * ranges, reserved space, unique-local fc00::/7 (with AWS's fd00:ec2::254), site-local fec0::/10,
 * and every IPv6 form that embeds an IPv4 address and could smuggle a private one: IPv4-mapped
 * ::ffff:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16 and Teredo 2001::/32.
 * Anything that does not parse (zone ids, junk) is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}
