import { Flex, Text } from '@radix-ui/themes'
import { CallBar } from '../calls'
import { videoStrings } from './video.strings'

/**
 * spec 2 §2 video 'Header': the back arrow in ENDED and INACTIVE; the clone's avatar, name and verified
 * badge; the video title with a live badge (a red 'Live' label while ACTIVE).
 */
export function VideoHeader({
  slug,
  instanceSlug,
  name,
  imageUrl,
  verified,
  showBack,
  live,
  timer,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  name: string
  imageUrl: string | undefined
  verified: boolean
  showBack: boolean
  live: boolean
  timer: string | null
}>) {
  return (
    <CallBar
      slug={slug}
      instanceSlug={instanceSlug}
      name={name}
      imageUrl={imageUrl}
      verified={verified}
      showBack={showBack}
      backLabel={videoStrings.back}
      verifiedLabel={videoStrings.verified}
      timer={timer}
      subtitle={
        <Flex align="center" gap="2">
          <Text size="1" color="gray">
            {videoStrings.videoTitle(name)}
          </Text>
          {live ? (
            <span className="video-live" data-live="true">
              {videoStrings.live}
            </span>
          ) : (
            <span className="video-live" data-live="false" aria-hidden="true" />
          )}
        </Flex>
      }
    />
  )
}
