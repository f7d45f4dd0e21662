import { Button, Flex, IconButton } from '@radix-ui/themes'
import { type IconProps, LinkIcon } from '../../ui/icons'
import { LinkedInIcon, MailIcon, ShareIcon, TwitterIcon, WhatsAppIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { shareStrings } from './share.strings'
import { SHARE_ROW_PLATFORMS, type ShareContent, shareTarget } from './share-links'

const ICONS: Record<(typeof SHARE_ROW_PLATFORMS)[number], (props: IconProps) => React.ReactNode> = {
  twitter: TwitterIcon,
  linkedin: LinkedInIcon,
  whatsapp: WhatsAppIcon,
  email: MailIcon,
}

/**
 * spec 1 §2 'Share row': a native 'Share' button where the device can share, otherwise icons for X/Twitter,
 * LinkedIn, WhatsApp and email; always a copy-link button.
 */
export function ShareRow({
  content,
  nativeShare,
  onCopy,
  onShareOn,
}: Readonly<{
  content: ShareContent
  /** navigator.share when the device has it. */
  nativeShare: ((data: ShareData) => Promise<void>) | null
  onCopy: () => void
  /** The native share or a platform's link was used (e.g. to count it). */
  onShareOn?: () => void
}>) {
  return (
    <Flex gap="2" wrap="wrap" align="center" className="share-row">
      {nativeShare ? (
        <Button
          variant="soft"
          onClick={() => {
            onShareOn?.()
            void nativeShare({
              title: content.subject ?? content.text,
              text: content.text,
              url: content.url,
            }).catch(() => undefined)
          }}
        >
          <ShareIcon />
          {shareStrings.share}
        </Button>
      ) : (
        SHARE_ROW_PLATFORMS.map((platform) => {
          const target = shareTarget(platform, content)
          if (target.kind !== 'link') return null
          const PlatformIcon = ICONS[platform]
          return (
            <Tooltip key={platform} content={shareStrings.platform[platform]}>
              <IconButton asChild variant="soft" color="gray" size="3" radius="full">
                <a
                  href={target.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={shareStrings.platform[platform]}
                  onClick={onShareOn}
                >
                  <PlatformIcon size={18} />
                </a>
              </IconButton>
            </Tooltip>
          )
        })
      )}
      <Tooltip content={shareStrings.copyLink}>
        <IconButton variant="soft" size="3" radius="full" aria-label={shareStrings.copyLink} onClick={onCopy}>
          <LinkIcon size={18} />
        </IconButton>
      </Tooltip>
    </Flex>
  )
}
