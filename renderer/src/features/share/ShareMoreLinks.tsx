import { Button, Flex } from '@radix-ui/themes'
import { toast } from 'sonner'
import { FacebookIcon, InstagramIcon } from '../../ui/lazy-icons'
import { shareStrings } from './share.strings'
import { type ShareContent, type SharePlatform, shareTarget } from './share-links'

/**
 * spec 1 §2 'Share row' and 'Dialogs: share': Facebook's link is defined but not in the icon row, so the
 * dialog offers it here; Instagram has no direct share, so it says 'Instagram does not support direct URL
 * sharing. Please share manually.' instead of opening a link.
 */
const MORE_PLATFORMS = ['facebook', 'instagram'] as const satisfies readonly SharePlatform[]

const ICONS = { facebook: FacebookIcon, instagram: InstagramIcon }

export function ShareMoreLinks({ content }: Readonly<{ content: ShareContent }>) {
  return (
    <Flex gap="2" wrap="wrap" className="share-more">
      {MORE_PLATFORMS.map((platform) => {
        const target = shareTarget(platform, content)
        const PlatformIcon = ICONS[platform]
        const label = shareStrings.platformName[platform]
        return target.kind === 'link' ? (
          <Button key={platform} asChild variant="soft" color="gray" size="2">
            <a href={target.href} target="_blank" rel="noopener noreferrer">
              <PlatformIcon size={16} />
              {label}
            </a>
          </Button>
        ) : (
          <Button
            key={platform}
            variant="soft"
            color="gray"
            size="2"
            onClick={() => toast.info(target.message, { id: 'share-manual' })}
          >
            <PlatformIcon size={16} />
            {label}
          </Button>
        )
      })}
    </Flex>
  )
}
