import { lazy, Suspense } from 'react'
import { useEmbed } from './use-embed'

// The close button and the embed's protocol load only inside a bubble's panel: the site's first load
// never carries them (npm run bench:size).
const EmbedCloseButton = lazy(() =>
  import('./EmbedCloseButton').then((m) => ({ default: m.EmbedCloseButton })),
)

/** The header's embed controls: the bubble panel's close button (spec 2 §7), nothing elsewhere. */
export function EmbedHeaderControls() {
  const embed = useEmbed()
  if (embed?.layout !== 'bubble' || !embed.parentOrigin) return null
  return (
    <Suspense fallback={null}>
      <EmbedCloseButton />
    </Suspense>
  )
}
