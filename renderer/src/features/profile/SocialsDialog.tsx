import './profile.css'
import { Button, Dialog, Flex, Text, Link as ThemeLink } from '@radix-ui/themes'
import type { Socials } from '../../../../contract/clone'
import { type SocialLink, socialLabel, socialLinks } from '../../lib/socials'
import { ExternalLinkIcon } from '../../ui/lazy-icons'
import { profileStrings } from './profile.strings'

/**
 * spec 1 §2 'View Socials': every non-empty social link ('Follow on' each network, then extra links and the
 * website), opening in a new tab; a value that is not a usable address is shown as given, without a link.
 */
export function SocialsDialog({
  name,
  links,
  open,
  onOpenChange,
}: Readonly<{ name: string; links: SocialLink[]; open: boolean; onOpenChange: (open: boolean) => void }>) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>{profileStrings.socialsTitle}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {profileStrings.socialsDescription(name)}
        </Dialog.Description>
        {links.length === 0 ? (
          <Text as="p" size="2" color="gray">
            {profileStrings.noSocials(name)}
          </Text>
        ) : null}
        <ul className="socials-list">
          {links.map((link, index) => (
            <li key={`${link.kind}-${index}`}>
              <Text as="div" size="1" color="gray">
                {link.kind === 'extra' || link.kind === 'website'
                  ? socialLabel(link.kind)
                  : profileStrings.followOn(socialLabel(link.kind))}
              </Text>
              {link.href ? (
                <ThemeLink
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="3"
                  weight="medium"
                >
                  <span className="socials-list__text">{link.display}</span>
                  <ExternalLinkIcon size={14} />
                  <span className="visually-hidden"> {profileStrings.opensInNewTab}</span>
                </ThemeLink>
              ) : (
                <Text as="div" size="3" className="socials-list__text">
                  {link.display}
                </Text>
              )}
            </li>
          ))}
        </ul>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {profileStrings.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** The profile's View Links dialog: the links worked out here, loaded with it (not in the first load). */
export function ProfileSocialsDialog({
  socials,
  ...props
}: Readonly<{ name: string; socials: Socials; open: boolean; onOpenChange: (open: boolean) => void }>) {
  return <SocialsDialog {...props} links={socialLinks(socials)} />
}
