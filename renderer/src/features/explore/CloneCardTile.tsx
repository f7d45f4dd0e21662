import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { CloneCard } from '../../../../contract/clone'
import { resolveMediaUrl } from '../../api/client'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { PhoneIcon, VideoIcon } from '../../ui/icons'
import { VerifiedBadge } from '../../ui/VerifiedBadge'
import { exploreStrings as s } from './explore.strings'

/** One clone in the directory; the whole card links to its profile. */
export function CloneCardTile({ clone }: Readonly<{ clone: CloneCard }>) {
  return (
    <Card asChild size="3" className="clone-card">
      <Link to="/$slug" params={{ slug: clone.slug }}>
        <Flex gap="4" align="start">
          <Avatar
            src={resolveMediaUrl(clone.imageUrl)}
            alt=""
            fallback={initialsOf(clone.name)}
            size="5"
            radius="full"
          />
          <Flex direction="column" gap="1" minWidth="0">
            <Flex align="center" gap="1">
              <Heading as="h2" size="4" truncate>
                {clone.name}
              </Heading>
              {clone.verified ? <VerifiedBadge size={16} /> : null}
            </Flex>
            {clone.headline ? (
              <Text as="p" size="2" color="gray" className="clamp-2">
                {clone.headline}
              </Text>
            ) : null}
            {clone.allowVoice || clone.allowVideo ? (
              <Flex gap="2" mt="2" wrap="wrap">
                {clone.allowVoice ? (
                  <Badge size="1" variant="soft" color="green">
                    <PhoneIcon size={12} />
                    {s.voice}
                  </Badge>
                ) : null}
                {clone.allowVideo ? (
                  <Badge size="1" variant="soft" color="blue">
                    <VideoIcon size={12} />
                    {s.video}
                  </Badge>
                ) : null}
              </Flex>
            ) : null}
          </Flex>
        </Flex>
      </Link>
    </Card>
  )
}
