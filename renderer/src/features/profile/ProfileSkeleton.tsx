import { Flex, Skeleton } from '@radix-ui/themes'

/** The profile's shape while it loads, so nothing jumps when the clone arrives. */
export function ProfileSkeleton() {
  return (
    <Flex
      direction="column"
      align="center"
      gap="4"
      aria-busy="true"
      aria-label="Loading profile"
      role="status"
    >
      <Skeleton className="profile-skeleton__avatar" />
      <Skeleton width="220px" height="36px" />
      <Skeleton width="min(420px, 90%)" height="20px" />
      <Flex gap="3" wrap="wrap" justify="center">
        <Skeleton width="120px" height="40px" />
        <Skeleton width="96px" height="40px" />
        <Skeleton width="96px" height="40px" />
      </Flex>
      <Flex direction="column" gap="2" width="100%" mt="4">
        <Skeleton width="100%" height="16px" />
        <Skeleton width="100%" height="16px" />
        <Skeleton width="70%" height="16px" />
      </Flex>
      <Flex direction="column" gap="3" width="100%" mt="4">
        <Skeleton width="100%" height="56px" />
        <Skeleton width="100%" height="56px" />
      </Flex>
    </Flex>
  )
}
