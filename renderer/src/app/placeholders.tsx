import { useParams } from '@tanstack/react-router'
import { ComingSoon, type ComingSoonProps } from '../features/shell'
import { parseMembershipTarget } from '../lib/membership-target'
import { exploreLink, profileLink } from '../navigation/clone-links'

/*
 * Screens declared in the router but not built yet (loaded lazily, one small chunk). Each is replaced by
 * its feature's real screen in a later issue; the route ids and search schemas stay as they are.
 */

function useBackLink(): ComingSoonProps['back'] {
  const params = useParams({ strict: false }) as { slug?: string; instanceSlug?: string; target?: string }
  const clone = params.target ? parseMembershipTarget(params.target) : params.slug ? params : null
  if (clone?.slug) {
    return { label: 'Back to profile', link: profileLink(clone.slug, clone.instanceSlug) }
  }
  return { label: 'Explore clones', link: exploreLink() }
}

function Placeholder({ feature, description }: Readonly<Omit<ComingSoonProps, 'back'>>) {
  return <ComingSoon feature={feature} description={description} back={useBackLink()} />
}

export const AccountProfileScreen = () => (
  <Placeholder
    feature="Your profile"
    description="Manage your name, email, phone number and sign-in settings."
  />
)
export const ActionsScreen = () => (
  <Placeholder
    feature="Actions"
    description="Everything you can do with a clone in one place: share, get a text, give feedback and more."
  />
)
