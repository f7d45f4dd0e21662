import { useMemo } from 'react'
import { socialLinks } from '../../lib/socials'
import { closeDialog } from '../../navigation/dialogs.store'
import { SocialsDialog } from '../profile'
import { useRouteClone } from './use-route-clone'

/** The 'View Socials' dialog for the clone of the current address (dialog kind 'socials'). */
export function CloneSocialsDialog() {
  const { clone } = useRouteClone()
  const links = useMemo(() => (clone ? socialLinks(clone.socials) : []), [clone])
  return (
    <SocialsDialog
      name={clone?.name ?? ''}
      links={links}
      open
      onOpenChange={(open) => (open ? undefined : closeDialog('socials'))}
    />
  )
}
