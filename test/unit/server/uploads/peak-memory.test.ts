import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * A reader process reads many files, and a failed read counts as 'too large' when its own peak reached half
 * the data limit (reader-process.ts). Seen in a fresh-clone CI run: a broken PDF read after a large file in the
 * same process 'reached' it, because the kernel's maxrss is the peak of the process's whole life.
 */

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const peakMemory = pathToFileURL('server/uploads/extract/peak-memory.ts').href

/** In a process of its own: a read that holds 300 MB and lets it go, then a read of 16 MB. */
const SCRIPT = `
const { readPeakMb, startPeak } = await import(${JSON.stringify(peakMemory)})
startPeak()
let large = Buffer.alloc(300 * 2 ** 20, 1)
const firstMb = readPeakMb()
large = null
globalThis.gc()
// The buffer's memory goes back to the system after the collection, not within it.
while (process.memoryUsage.rss() / 2 ** 20 > firstMb - 250) await new Promise((resolve) => setImmediate(resolve))
startPeak()
const small = Buffer.alloc(16 * 2 ** 20, 1)
const secondMb = readPeakMb()
console.log(JSON.stringify({ firstMb, secondMb, rssMb: process.memoryUsage.rss() / 2 ** 20, small: small.length }))
`

describe("a read's peak memory", () => {
  it.runIf(existsSync('/proc/self/clear_refs'))(
    'is its own, not the peak of an earlier read in the same process',
    () => {
      const out = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', tsx, '--input-type=module', '-e', SCRIPT],
        { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
      )
      const line = out.trim().split('\n').at(-1) ?? '{}'
      const { firstMb, secondMb, rssMb } = JSON.parse(line) as {
        firstMb: number
        secondMb: number
        rssMb: number
      }
      expect(firstMb).toBeGreaterThan(300)
      // What the process holds now (the 16 MB among it), not the 300 MB it held before.
      expect(secondMb).toBeGreaterThanOrEqual(rssMb - 1)
      expect(secondMb).toBeLessThan(firstMb - 200)
    },
    30_000,
  )
})
