/**
 * The peak memory of one read in a reader process (extract-worker.ts), which reads many files: the share of
 * the data limit it reached tells a read that ran out of memory from a broken file (reader-process.ts,
 * failureOf).
 */
import { readFileSync, writeFileSync } from 'node:fs'

const maxRssMb = () => process.resourceUsage().maxRSS / 1024

/** Whether this read's peak is counted from its start (Linux), else the peak of the process's life before it. */
let peakReset = false
let peakBefore = 0

/**
 * Counts this read's peak memory from here. A process reads many files, and the kernel's maxrss is the most it
 * held over its life: a broken PDF read after a large file was called 'too large' because the large one had
 * taken half the data limit (failureOf). Linux starts a new high-water mark on request (`/proc/self/clear_refs`,
 * 5), read back as VmHWM (getrusage's maxrss was seen to keep the old peak in the reader; VmHWM is
 * what the reset resets). Elsewhere a read
 * counts the lifetime peak only when it raised it.
 */
export function startPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    peakReset = true
  } catch {
    peakReset = false
    peakBefore = maxRssMb()
  }
}

/**
 * A memory figure of a process's /proc status (VmRSS, VmHWM), in MB, or null where there is none to read
 * (not Linux; or a read that failed at the data limit may lack the memory to read it).
 */
export function procStatusMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    )?.[1]
    return kb === undefined ? null : Number(kb) / 1024
  } catch {
    return null
  }
}

/** The most this process held during this read (0: not more than before it, where that is all one knows). */
export function readPeakMb(): number {
  if (peakReset) return procStatusMb('self', 'VmHWM') ?? maxRssMb()
  const peak = maxRssMb()
  return peak > peakBefore ? peak : 0
}
