import { lookup as lookupCallback, type LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Where a webhook set in the studio may point. An admin's address must not turn the server into a
 * way to reach its neighbours (SSRF): https only, no credentials in the address, and a host whose
 * every address is public: not loopback, a private or link-local network (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast or reserved. Checked when the address is saved and
 * again before each delivery (a name may be pointed elsewhere later), and the delivery connects only
 * to an address its own lookup found public (publicOnlyLookup: a name re-pointed between the check
 * and the connection, DNS rebinding, fails there). LEADS_WEBHOOK_ALLOW_LOCAL
 * lifts the scheme and address checks for tests and development. An address set in the
 * environment is the operator's and is not checked.
 */
export type TargetProblem = "invalid" | "https" | "credentials" | "private" | "unknown";

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net, bits, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1] as string);
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A name's lookup may hang on a broken resolver: the studio's answer must not. */
const LOOKUP_TIMEOUT_MS = 5_000;

async function addressesOf(host: string): Promise<string[] | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), LOOKUP_TIMEOUT_MS).unref());
  const found = lookup(host, { all: true, verbatim: true }).then(
    (list) => list.map((entry) => entry.address),
    () => null,
  );
  return Promise.race([found, timeout]);
}

/** What is wrong with a webhook address, or null when it may be called. */
export async function webhookTargetProblem(text: string, allowLocal: boolean): Promise<TargetProblem | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "invalid";
  }
  if (url.protocol !== "https:" && !(allowLocal && url.protocol === "http:")) return url.protocol === "http:" ? "https" : "invalid";
  if (url.username || url.password) return "credentials";
  if (allowLocal) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host) ? null : "private";
  if (host === "localhost" || host.endsWith(".localhost")) return "private";
  const addresses = await addressesOf(host);
  if (!addresses || addresses.length === 0) return "unknown";
  return addresses.every(isPublicAddress) ? null : "private";
}

/** The error code of a connection refused by publicOnlyLookup. */
export const PRIVATE_ADDRESS = "EPRIVATEADDRESS";

/**
 * The lookup a checked webhook's connection uses: the addresses it connects to are the ones
 * checked here, at connection time, so no later answer of the resolver can send it inward.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, found) => {
    const list = (found ?? []) as LookupAddress[];
    const refused = error ?? (list.length > 0 && list.every((entry) => isPublicAddress(entry.address)) ? null : Object.assign(new Error(`${hostname}: not a public address`), { code: PRIVATE_ADDRESS }));
    if (refused) return callback(refused, "", 0);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list);
    const [first] = list as [LookupAddress];
    callback(null, first.address, first.family);
  });
};
