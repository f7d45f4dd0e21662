import { useEffect, useState } from 'react'
import {
  normaliseSlug,
  SLUG_REFUSAL_TEXT,
  type SlugAvailability,
  slugProblem,
} from '../../../../contract/studio-clones'
import { slugAvailability } from '../../api/studio-clones'

/** How long typing must pause before the address is checked with the server. */
export const SLUG_CHECK_DEBOUNCE_MS = 350

export type SlugCheck =
  | { state: 'idle' }
  | { state: 'checking'; slug: string }
  | { state: 'done'; result: SlugAvailability }
  | { state: 'failed'; slug: string }

/**
 * The live check of a typed address: the rules are checked at once in the browser (the same contract rules
 * as the server), then, once typing pauses, the server says whether it is taken. A newer address cancels
 * the older check, so an old answer never overwrites a new one.
 */
export function useSlugCheck(input: string): SlugCheck {
  const slug = normaliseSlug(input)
  const [check, setCheck] = useState<SlugCheck>({ state: 'idle' })
  useEffect(() => {
    if (!slug) return setCheck({ state: 'idle' })
    const problem = slugProblem(slug)
    if (problem) {
      return setCheck({
        state: 'done',
        result: { slug, available: false, reason: problem, message: SLUG_REFUSAL_TEXT[problem] },
      })
    }
    setCheck({ state: 'checking', slug })
    const abort = new AbortController()
    const timer = setTimeout(() => {
      slugAvailability(slug, abort.signal).then(
        (result) => setCheck({ state: 'done', result }),
        () => {
          if (!abort.signal.aborted) setCheck({ state: 'failed', slug })
        },
      )
    }, SLUG_CHECK_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [slug])
  return check
}
