import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { PhoneIcon } from '../../ui/icons'
import { VerifiedBadge } from '../../ui/VerifiedBadge'
import { useFormattedPhoneNumber } from './use-formatted-phone'

export interface ProfileHeaderProps {
  name: string
  imageUrl: string | undefined
  verified: boolean
  headline: string | null
  instanceName: string | null
  phoneNumber: string | null
  onPhoneClick: () => void
}

/** Portrait, name with verified badge, headline and the phone number button (spec 1 §2 'Profile overview'). */
export function ProfileHeader({
  name,
  imageUrl,
  verified,
  headline,
  instanceName,
  phoneNumber,
  onPhoneClick,
}: Readonly<ProfileHeaderProps>) {
  const phone = useFormattedPhoneNumber(phoneNumber)
  return (
    <Flex direction="column" align="center" gap="3" className="profile-header">
      <Avatar
        src={imageUrl}
        alt={name}
        fallback={initialsOf(name)}
        size={{ initial: '8', sm: '9' }}
        radius="full"
        className="profile-header__avatar"
      />
      <Flex direction="column" align="center" gap="1">
        <Flex align="center" gap="2" justify="center" wrap="wrap">
          <Heading as="h1" size={{ initial: '7', sm: '8' }} align="center">
            {name}
          </Heading>
          {verified ? <VerifiedBadge size={22} /> : null}
        </Flex>
        {instanceName ? (
          <Badge size="2" variant="soft" radius="full">
            {instanceName}
          </Badge>
        ) : null}
        {headline ? (
          <Text as="p" size="3" color="gray" align="center" className="profile-header__headline">
            {headline}
          </Text>
        ) : null}
      </Flex>
      {phone ? (
        <Button variant="soft" color="gray" radius="full" onClick={onPhoneClick}>
          <PhoneIcon />
          {phone}
        </Button>
      ) : null}
    </Flex>
  )
}
