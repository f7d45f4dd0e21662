import { lazy, Suspense } from 'react'
import { LanguageSelect } from '../../ui/LanguageSelect'
import { useEmbed } from './use-embed'

// The close button and the embed’s protocol load only inside a bubble's panel: the site's first load
// never carries them (npm run bench:size).
const EmbedCloseButton = lazy(() =>
  import('./EmbedCloseButton').then((m) => ({ default: m.EmbedCloseButton })),
)
const EmbedExpandButton = lazy(() =>
  import('./EmbedExpandButton').then((m) => ({ default: m.EmbedExpandButton })),
)

/**
 * The header's embed controls: the bubble panel's expand toggle (spec 2 §2) and close button (spec 2 §7),
 * nothing elsewhere.
 */
export function EmbedHeaderControls() {
  const embed = useEmbed()
  if (!embed) return null
  return (
    <>
      {/* Issue #25: the embed's own language choice, for visitors of any site (signed in or not). */}
      <LanguageSelect hideLabel className="embed-language" />
      {embed.layout === 'bubble' && embed.parentOrigin ? (
        <Suspense fallback={null}>
          <EmbedExpandButton />
          <EmbedCloseButton />
        </Suspense>
      ) : null}
    </>
  )
}
