/**
 * `npm run bench:upload` (issue #24): a large file (200 MB by default, `UPLOAD_MB`) uploaded as the browser does
 * (presign, 30 MB parts 5 at a time, complete) to the real server started twice: with its files on local disk
 * (the parts pass through the server) and in an S3-compatible bucket (s3rver; the parts go straight to it).
 * Reports the time and the server process's resident memory: its most during the upload, above what it held
 * before. With `BASE_URL` it uploads to that server instead (e.g. the proxy of `npm run stack:scale`) and
 * reports the time only.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  CompleteUploadResponse,
  PresignUploadResponse,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_BYTES,
} from '../contract'
import { startS3Server } from './support/s3-server'
import { defaultServerCommand, startServer } from './support/server-process'

const megabytes = Number(process.env.UPLOAD_MB ?? 200)
const size = megabytes * 1024 * 1024

/** The resident memory of a process, in MB (Linux). */
const rssOf = (pid: number) => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return Number(kb) / 1024
  } catch {
    throw new Error(`The server (process ${pid}) is gone`)
  }
}

/** Uploads `size` bytes to `base` as the renderer does; answers the seconds it took. */
async function upload(base: string): Promise<number> {
  const part = Buffer.alloc(UPLOAD_PART_BYTES, 7)
  const started = performance.now()
  const presigned = await fetch(`${base}/api/uploads/presign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      fileName: 'bench.webm',
      fileSize: size,
      contentType: 'video/webm',
      bucketType: 'recording',
    }),
  })
  if (!presigned.ok) throw new Error(`presign: ${presigned.status} ${await presigned.text()}`)
  const cookie = presigned.headers.get('set-cookie')?.split(';')[0] ?? ''
  const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(await presigned.json())
  const etags: string[] = []
  let next = 0
  const send = async () => {
    while (next < partUrls.length) {
      const index = next++
      const bytes = part.subarray(0, Math.min(UPLOAD_PART_BYTES, size - index * UPLOAD_PART_BYTES))
      const url = new URL(partUrls[index]!, base)
      const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })
      if (!response.ok) throw new Error(`part ${index + 1}: ${response.status} ${await response.text()}`)
      etags[index] = response.headers.get('etag') ?? ''
    }
  }
  await Promise.all(Array.from({ length: UPLOAD_PARALLEL_PARTS }, send))
  const completed = await fetch(`${base}/api/uploads/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({
      uploadId,
      fileKey,
      fileName: 'bench.webm',
      partETags: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
    }),
  })
  if (!completed.ok) throw new Error(`complete: ${completed.status} ${await completed.text()}`)
  CompleteUploadResponse.parse(await completed.json())
  return (performance.now() - started) / 1000
}

/** Runs one upload against a fresh server with `env`, sampling its memory meanwhile. */
async function measure(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clone-talk-bench-upload-'))
  const server = await startServer(defaultServerCommand(), {
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    ...env,
  })
  const pid = server.child.pid!
  try {
    // Warm: the first request loads routes and modules that are not the upload's.
    await fetch(`${server.url}/api/health`)
    const before = rssOf(pid)
    let most = before
    const sampler = setInterval(() => {
      if (server.child.exitCode === null) most = Math.max(most, rssOf(pid))
    }, 20)
    const died = (code: number | null, signal: string | null) =>
      console.error(`${label}: the server exited (${code ?? signal})`)
    server.child.once('exit', died)
    const seconds = await upload(server.url)
    clearInterval(sampler)
    server.child.off('exit', died)
    most = Math.max(most, rssOf(pid))
    console.log(
      `${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s ${(megabytes / seconds).toFixed(0).padStart(5)} MB/s` +
        `   server RSS ${before.toFixed(0)} MB before, +${(most - before).toFixed(0)} MB at most`,
    )
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

console.log(
  `A ${megabytes} MB upload in ${UPLOAD_PART_BYTES / 1024 / 1024} MB parts, ${UPLOAD_PARALLEL_PARTS} at a time`,
)
if (process.env.BASE_URL) {
  const seconds = await upload(process.env.BASE_URL.replace(/\/+$/, ''))
  console.log(`${process.env.BASE_URL}: ${seconds.toFixed(1)} s`)
} else {
  await measure('local disk (parts through the server)', {})
  const s3 = await startS3Server({ bucket: 'bench-upload' })
  try {
    await measure('S3 bucket (parts straight to it)', s3.env)
  } finally {
    await s3.stop()
  }
}
