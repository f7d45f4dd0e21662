import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useId } from 'react'
import { PRODUCT_NAME } from '../../../../contract/product'
import { openDialog } from '../../navigation/dialogs.store'
import { getPlatform } from '../../platform'
import { ShareIcon } from '../../ui/lazy-icons'
import { copyShareLink } from './copy-link'
import { ShareRow } from './ShareRow'
import { shareStrings } from './share.strings'

/** A page of the product as others open it: this site's origin on the web, the server's on desktop. */
export function publicPageUrl(path: string): string {
  const platform = getPlatform()
  const origin = platform.kind === 'desktop' ? platform.apiBaseUrl : window.location.origin
  return new URL(path, `${origin}/`).href
}

/**
 * spec 1 §2 'Chat': the share aside, shown on large screens only (CSS hides it below; hidden, it is out of
 * the accessibility tree too). It shares the open conversation (the share dialog makes its public link)
 * and the clone's profile.
 */
export function ShareAside({
  cloneName,
  profilePath,
  conversationId,
}: Readonly<{ cloneName: string; profilePath: string; conversationId: string | null }>) {
  const headingId = useId()
  const profileUrl = publicPageUrl(profilePath)
  return (
    <aside className="talk-aside" aria-labelledby={headingId}>
      <Flex direction="column" gap="5">
        <Heading as="h2" size="3" id={headingId}>
          {shareStrings.asideTitle}
        </Heading>
        <Flex direction="column" gap="2" align="start">
          <Text size="2" weight="medium">
            {shareStrings.asideConversation}
          </Text>
          <Text size="2" color="gray">
            {conversationId ? shareStrings.description : shareStrings.asideNoConversation}
          </Text>
          <Button
            variant="soft"
            disabled={!conversationId}
            onClick={() => (conversationId ? openDialog({ kind: 'share', conversationId }) : undefined)}
          >
            <ShareIcon />
            {shareStrings.asideShareConversation}
          </Button>
        </Flex>
        <Flex direction="column" gap="2" align="start">
          <Text size="2" weight="medium">
            {shareStrings.asideProfile(cloneName)}
          </Text>
          <ShareRow
            content={{ url: profileUrl, text: shareStrings.profileShareText(cloneName, PRODUCT_NAME) }}
            nativeShare={null}
            onCopy={() => void copyShareLink(profileUrl)}
          />
        </Flex>
      </Flex>
    </aside>
  )
}
