import { Flex, Skeleton } from '@radix-ui/themes'
import { profileStrings } from './profile.strings'

/**
 * The profile's shape while the clone loads, in the places and sizes the loaded profile fills (the
 * ProfileHeader portrait and name, the actions row, the description), so nothing jumps when it arrives.
 */
export function ProfileSkeleton() {
  return (
    <Flex
      direction="column"
      gap="6"
      aria-busy="true"
      aria-label={profileStrings.loadingProfile}
      role="status"
    >
      <Flex direction="column" align="center" gap="3">
        <Skeleton className="profile-skeleton__avatar" />
        <Flex direction="column" align="center" gap="1" width="100%">
          <Skeleton className="profile-skeleton__name" />
          <Skeleton width="min(420px, 90%)" height="48px" />
        </Flex>
      </Flex>
      <Flex gap="3" wrap="wrap" justify="center">
        <Skeleton width="120px" height="40px" />
        <Skeleton width="96px" height="40px" />
        <Skeleton width="96px" height="40px" />
      </Flex>
      <Flex direction="column" gap="2" width="100%">
        <Skeleton width="180px" height="24px" />
        <Skeleton width="100%" height="16px" />
        <Skeleton width="100%" height="16px" />
        <Skeleton width="70%" height="16px" />
      </Flex>
    </Flex>
  )
}
