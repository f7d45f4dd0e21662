import { CallBar } from '../calls'
import { voiceStrings } from './voice.strings'

/**
 * spec 2 §2 'Header': back button while the call is idle, ended or failed; the clone's avatar, name and
 * verified badge (with its tooltip); the call timer while ACTIVE; the language select when not in a call.
 */
export function CallHeader({
  slug,
  instanceSlug,
  name,
  imageUrl,
  verified,
  showBack,
  timer,
  languagePicker,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  name: string
  imageUrl: string | undefined
  verified: boolean
  showBack: boolean
  /** mm:ss while ACTIVE, else null. */
  timer: string | null
  languagePicker: React.ReactNode
}>) {
  return (
    <CallBar
      slug={slug}
      instanceSlug={instanceSlug}
      name={name}
      imageUrl={imageUrl}
      verified={verified}
      showBack={showBack}
      backLabel={voiceStrings.back(name)}
      verifiedLabel={voiceStrings.verified}
      timer={timer}
      timerLabel={voiceStrings.callTimer}
    >
      {languagePicker}
    </CallBar>
  )
}
