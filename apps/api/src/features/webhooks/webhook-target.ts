import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a target was refused; its message is what the delivery log and the 400 show. */
export class ForbiddenTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenTargetError';
  }
}

/**
 * True for any address that is not public unicast: loopback, RFC 1918 private, link-local (the cloud
 * metadata service at 169.254.169.254 among them), unique-local, CGNAT, multicast, broadcast,
 * unspecified, documentation and the other reserved ranges. IPv4-mapped IPv6 is judged as the IPv4
 * address it carries; IPv4-compatible (::a.b.c.d), NAT64, 6to4 and Teredo forms, which also carry one,
 * are refused outright.
 */
export function isInternalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return true;
  }
  return parsed.range() !== 'unicast';
}

function hostnameOf(url: URL): string {
  // An IPv6 literal comes bracketed.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What can be said of a URL without resolving it: an http(s) URL, https only unless private targets
 * are allowed, and no internal IP literal. Node connects to a literal without any lookup, so this is
 * also the check that stops those at delivery.
 */
export function checkTargetUrl(url: string, allowPrivateTargets: boolean): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ForbiddenTargetError('Use an http or https URL.');
  }
  if (allowPrivateTargets) return parsed;
  if (parsed.protocol !== 'https:') throw new ForbiddenTargetError('Use an https URL.');
  const host = hostnameOf(parsed);
  if (ipaddr.isValid(host) && isInternalAddress(host)) {
    throw new ForbiddenTargetError(`${host} is an internal address; webhooks go to public addresses only.`);
  }
  return parsed;
}

/**
 * A `lookup` for http.request that resolves the name and refuses it when any address it has is
 * internal, so the connection is made only to an address that was checked: a name that resolves
 * publicly once and to 127.0.0.1 the next time (DNS rebinding) is refused at that next delivery.
 */
export function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (internal || addresses.length === 0) {
        const refused = new ForbiddenTargetError(
          `${hostname} resolves to ${internal?.address ?? 'nothing'}, an internal address; webhooks go to public addresses only.`,
        );
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** At creation and on change: the URL's own check, then its name's addresses where it resolves now. */
export async function checkTargetNow(url: string, allowPrivateTargets: boolean): Promise<void> {
  const parsed = checkTargetUrl(url, allowPrivateTargets);
  if (allowPrivateTargets) return;
  const host = hostnameOf(parsed);
  if (ipaddr.isValid(host)) return;
  const lookup = publicOnlyLookup();
  await new Promise<void>((resolve, reject) =>
    lookup(host, { all: true }, (error) => {
      // A name that does not resolve yet is accepted: every delivery checks it again.
      if (error instanceof ForbiddenTargetError) reject(error);
      else resolve();
    }),
  );
}
