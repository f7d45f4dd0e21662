const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export type PartMode = 'ok' | 'hold' | 'fail'

interface HeldPart {
  signal: AbortSignal
  release: () => void
}

/**
 * The upload routes (presign, part PUTs, complete) in front of another fake fetch, which answers
 * everything else. Parts answer at once, wait for `releaseParts()` ('hold') or fail ('fail'). The files
 * of every chat stream call are recorded.
 */
export function withUploadApi(next: typeof globalThis.fetch, { parts = 'ok' as PartMode } = {}) {
  let mode = parts
  let uploads = 0
  const held: HeldPart[] = []
  const streamFiles: string[][] = []
  const answerPart = (partNumber: number) =>
    new Response(null, { status: 200, headers: { ETag: `"etag-${partNumber}"` } })

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/uploads/presign') {
      uploads += 1
      return json(200, {
        uploadId: `up-${uploads}`,
        fileKey: `key-${uploads}`,
        partUrls: [`/api/uploads/up-${uploads}/parts/1?signature=abc`],
      })
    }
    const part = url.pathname.match(/^\/api\/uploads\/[^/]+\/parts\/(\d+)$/)
    if (part && init?.method === 'PUT') {
      const partNumber = Number(part[1])
      if (mode === 'fail') return json(500, { error: { code: 'internal', message: 'Storage unavailable' } })
      if (mode === 'ok') return answerPart(partNumber)
      const signal = init.signal as AbortSignal
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true })
        held.push({ signal, release: () => resolve(answerPart(partNumber)) })
      })
    }
    if (url.pathname === '/api/uploads/complete') {
      const body = JSON.parse(String(init?.body))
      return json(200, { presignedUrl: `/api/uploads/files/${body.fileKey}/${body.fileName}` })
    }
    if (url.pathname === '/api/clone/talk/messages/stream') {
      streamFiles.push(JSON.parse(String(init?.body)).files)
    }
    return next(input, init)
  }

  return {
    fetch,
    streamFiles,
    held,
    setParts: (next: PartMode) => {
      mode = next
    },
    releaseParts: () => {
      for (const part of held.splice(0)) part.release()
    },
  }
}
