import { BlockList, isIP } from "node:net";

/**
 * Which network addresses the server may fetch a file from on an admin's behalf (a media address imported on save).
 * Only public unicast addresses: a request to loopback, a private network, link-local (the cloud metadata service at
 * 169.254.169.254) or any other special range would let an address typed into a form reach what only this server
 * can reach (server-side request forgery).
 */
export type AddressPolicy = (address: string) => boolean;

// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are judged by the IPv4 address they carry (unmapIpv4 below). No rule
// for ::ffff:0:0/96 here: BlockList matches IPv4 addresses against IPv6 rules in that form, so it would refuse all.
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible forms
  ["64:ff9b::", 96], // NAT64: reaches an IPv4 address through a gateway
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments, including Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const mappedIpv4Hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address an IPv4-mapped IPv6 address carries, in either spelling (::ffff:127.0.0.1, ::ffff:7f00:1). */
function unmapIpv4(address: string): string | undefined {
  const dotted = mappedIpv4.exec(address);
  if (dotted) return dotted[1];
  const hex = mappedIpv4Hex.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The production policy: a public unicast address, IPv4 or IPv6. */
export const publicAddressesOnly: AddressPolicy = (raw) => {
  const address = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const ipv4 = unmapIpv4(address);
    if (ipv4) return !blocked.check(ipv4, "ipv4");
    return !blocked.check(address, "ipv6");
  }
  return !blocked.check(address, "ipv4");
};
