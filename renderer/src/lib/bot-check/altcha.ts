import type { AltchaChallenge, AltchaSolution } from '../../../../contract/bot-check'
import { solveAltcha } from './solve'
import type { SolverAnswer } from './solver.worker'

/**
 * Solves an ALTCHA challenge in a Web Worker, so the page stays responsive; where no worker starts (or its
 * script cannot load), on this thread: each hash is awaited, so the page still gets its turns. Stopping the
 * signal ends the worker.
 */
export async function solveInWorker(
  challenge: AltchaChallenge,
  signal?: AbortSignal,
): Promise<AltchaSolution> {
  let worker: Worker | null = null
  try {
    worker =
      typeof Worker === 'function'
        ? new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'bot-check' })
        : null
  } catch {
    worker = null
  }
  const inline = async () => {
    const solution = await solveAltcha(challenge, { signal })
    if (!solution) throw new Error('The challenge could not be solved')
    return solution
  }
  if (!worker) return inline()
  const running = worker
  try {
    return await new Promise<AltchaSolution>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
        once: true,
      })
      running.onmessage = (event: MessageEvent<SolverAnswer>) => {
        const answer = event.data
        if ('solution' in answer && answer.solution) resolve(answer.solution)
        else reject(new Error('error' in answer ? answer.error : 'The challenge could not be solved'))
      }
      // The worker's script did not load or run (an unusual origin, a strict policy): solved here instead.
      running.onerror = (event) => {
        event.preventDefault()
        running.terminate()
        inline().then(resolve, reject)
      }
      running.postMessage({ challenge })
    })
  } finally {
    running.terminate()
  }
}
