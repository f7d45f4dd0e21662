import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react'
import { getPlatform } from '../../platform'
import type { ThreadLine } from '../chat'
import type { CaptureInput, CaptureView } from './capture.types'

const CaptureHost = lazy(() => import('./CaptureHost'))

const NO_LINES: readonly ThreadLine[] = []
const idle = (state: CaptureView['state']): CaptureView => ({
  state,
  lines: NO_LINES,
  scrollKey: 0,
  takeover: null,
  replacesPaywall: () => false,
})

/**
 * Contact capture for the chat page (spec 1 §4 'Contact capture'). Outside an embed it is NOT_EMBED and
 * loads nothing; in an embed the capture (machine, phone parsing, pill) comes as a lazy chunk, whose `host`
 * the page must render. Until it reports, the capture is PREFLIGHT.
 */
export function useCapture(input: CaptureInput): { capture: CaptureView; host: ReactNode } {
  const embedded = getPlatform().embed !== null
  const [view, setView] = useState<CaptureView>(() => idle(embedded ? 'PREFLIGHT' : 'NOT_EMBED'))
  const latest = useRef(view)
  latest.current = view
  // Stable, so the page's callbacks need not change with the capture.
  const replacesPaywall = useCallback(() => latest.current.replacesPaywall(), [])
  const capture = useMemo(() => ({ ...view, replacesPaywall }), [view, replacesPaywall])
  return {
    capture,
    host: embedded ? (
      <Suspense fallback={null}>
        <CaptureHost input={input} onView={setView} />
      </Suspense>
    ) : null,
  }
}
