import { isIP } from 'node:net'

/*
 * Which addresses a web page source may be fetched from (issue #16): public unicast only. Loopback, private,
 * link-local, CGNAT, unique-local, unspecified, multicast, reserved and documentation ranges are refused, and
 * so are IPv6 forms that carry one of them (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Pure, so the table is
 * tested row by row; server/studio/knowledge/web-page.ts connects only to an address this allowed.
 */

/** [first address as a 32-bit number, prefix length]. */
const REFUSED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // 'this network', unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
]

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

function inV4Range(value: number, [first, prefix]: readonly [string, number]): boolean {
  const size = 2 ** (32 - prefix)
  const start = v4Number(first)
  return value >= start && value < start + size
}

const isPublicV4 = (address: string) => !REFUSED_V4.some((range) => inV4Range(v4Number(address), range))

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 becomes the last two). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const n = v4Number(dotted[1]!)
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const left = parse(head)
  const right = parse(tail)
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0)
  return [...left, ...zeros, ...right]
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`

function isPublicV6(address: string): boolean {
  const g = v6Groups(address)
  if (g.length !== 8 || g.some((n) => Number.isNaN(n))) return false
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0)
  // ::, ::1, and the IPv4-compatible ::a.b.c.d: judged by the IPv4 address they carry (:: and ::1 refused).
  if (zeroUpTo(6)) return (g[6] !== 0 || g[7]! > 1) && isPublicV4(v4Of(g[6]!, g[7]!))
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d.
  if (zeroUpTo(5) && g[5] === 0xffff) return isPublicV4(v4Of(g[6]!, g[7]!))
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return isPublicV4(v4Of(g[6]!, g[7]!))
  // NAT64 64:ff9b::/96 and 64:ff9b:1::/48 carry an IPv4 address in their last 32 bits.
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPublicV4(v4Of(g[6]!, g[7]!))
  // 6to4 2002::/16 carries one in bits 16-48.
  if (g[0] === 0x2002) return isPublicV4(v4Of(g[1]!, g[2]!))
  const first = g[0]!
  if ((first & 0xfe00) === 0xfc00) return false // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return false // site-local fec0::/10 (deprecated)
  if ((first & 0xff00) === 0xff00) return false // multicast ff00::/8
  if (first === 0x2001 && g[1] === 0x0db8) return false // documentation 2001:db8::/32
  if (first === 0x2001 && g[1]! < 0x0200) return false // Teredo and other IETF assignments 2001::/23
  if (first === 0x0100 && zeroUpTo(4)) return false // discard 100::/64
  // Only global unicast 2000::/3 is routed on the internet.
  return (first & 0xe000) === 0x2000
}

/** Whether a page may be fetched from this IP address: a public unicast address, IPv4 or IPv6. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const family = isIP(bare)
  if (family === 4) return isPublicV4(bare)
  if (family === 6) return isPublicV6(bare)
  return false
}
