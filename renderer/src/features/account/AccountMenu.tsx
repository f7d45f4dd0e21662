import { DropdownMenu, Flex, IconButton, Text } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { Slot } from 'radix-ui'
import { cloneElement, type ReactElement, type ReactNode } from 'react'
import { toast } from 'sonner'
import type { User } from '../../../../contract/auth'
import { resolveMediaUrl } from '../../api/client'
import { initialsOf } from '../../lib/initials'
import { openDialog } from '../../navigation/dialogs.store'
import { Avatar } from '../../ui/avatar'
import { LanguageSubMenu } from '../../ui/LanguageMenu'
import { useOnFirstUse } from '../../ui/on-first-use'
import { authStrings, logOut, useCurrentUser, useUserType } from '../auth'
import { productPageTarget, useEmbed } from '../embed'
import { studioQuestionsPath } from './account.config'
import { accountStrings } from './account.strings'
import { accountMenuEntries, displayNameOf, leadsSlugFor } from './account-menu'

/**
 * The signed-in account menu (spec 1 §2): who is signed in, Profile, Billing and Actions, 'Give feedback',
 * 'Edit suggested questions' for the clone's creator or contributor, 'Leads' and 'Embeds' for creators
 * and contributors (the creator edits embeds), and 'Log out'.
 * In an embed the links to the product's pages (account pages, studio, leads, embeds, announcements) open the
 * main site in a new tab; a white-labelled embed offers none of them, nor 'Give feedback' (spec 1 §2, §6).
 * The menu is set up when first opened (ui/on-first-use.ts).
 */
export function AccountMenu({ user }: Readonly<{ user: User }>) {
  const queryClient = useQueryClient()
  const params = useParams({ strict: false }) as { slug?: string }
  const slug = params.slug ?? null
  const userType = useUserType(slug)
  const whitelabelEmbed = useEmbed()?.whitelabel === true
  const entries = accountMenuEntries(slug, userType, { whitelabelEmbed })
  const leadsSlug = leadsSlugFor(slug, useCurrentUser().relationships)
  const name = displayNameOf(user)
  const menu = useOnFirstUse('pointerdown')

  const onLogOut = () => {
    toast.promise(logOut({ queryClient }), {
      loading: authStrings.loggingOut,
      success: authStrings.loggedOut,
      error: (error: unknown) => {
        console.warn('Logout failed', error)
        return authStrings.logoutFailed
      },
    })
  }

  const trigger = (
    <IconButton
      variant="ghost"
      radius="full"
      aria-label={accountStrings.accountMenu(name)}
      aria-haspopup="menu"
      aria-expanded={menu.open}
    >
      <Avatar
        size="2"
        radius="full"
        src={resolveMediaUrl(user.imageUrl)}
        fallback={initialsOf(name)}
        alt=""
      />
    </IconButton>
  )
  if (!menu.setUp) return <Slot.Root {...menu.triggerProps}>{trigger}</Slot.Root>
  return (
    <DropdownMenu.Root open={menu.open} onOpenChange={menu.onOpenChange}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6} style={{ minWidth: 220 }}>
        <Flex direction="column" px="3" py="2" gap="0">
          <Text size="2" weight="bold" truncate>
            {name}
          </Text>
          <Text size="1" color="gray" truncate>
            {user.email}
          </Text>
        </Flex>
        <DropdownMenu.Separator />
        <ProductPageItem path="/profile" label={accountStrings.profile} link={<Link to="/profile" />} />
        <ProductPageItem path="/billing" label={accountStrings.billing} link={<Link to="/billing" />} />
        <ProductPageItem path="/actions" label={accountStrings.actions} link={<Link to="/actions" />} />
        <ProductPageItem path="/studio" label={accountStrings.studio} link={<Link to="/studio" />} />
        {entries.feedback ? (
          <DropdownMenu.Item onSelect={() => openDialog({ kind: 'feedback' })}>
            {accountStrings.giveFeedback}
          </DropdownMenu.Item>
        ) : null}
        {entries.editSuggestedQuestions && slug ? (
          <DropdownMenu.Item asChild>
            <a href={studioQuestionsPath(slug)} target="_blank" rel="noopener noreferrer">
              {accountStrings.editSuggestedQuestions}
              <span className="visually-hidden"> {accountStrings.opensInNewTab}</span>
            </a>
          </DropdownMenu.Item>
        ) : null}
        {leadsSlug ? (
          <ProductPageItem
            path={`/studio/${encodeURIComponent(leadsSlug)}/leads`}
            label={accountStrings.leads}
            link={<Link to="/studio/$slug/leads" params={{ slug: leadsSlug }} />}
          />
        ) : null}
        {leadsSlug ? (
          <ProductPageItem
            path={`/studio/${encodeURIComponent(leadsSlug)}/embeds`}
            label={accountStrings.embeds}
            link={<Link to="/studio/$slug/embeds" params={{ slug: leadsSlug }} />}
          />
        ) : null}
        {leadsSlug ? (
          <ProductPageItem
            path={`/studio/${encodeURIComponent(leadsSlug)}/announcements`}
            label={accountStrings.announcements}
            link={<Link to="/studio/$slug/announcements" params={{ slug: leadsSlug }} />}
          />
        ) : null}
        <DropdownMenu.Separator />
        <LanguageSubMenu />
        <DropdownMenu.Separator />
        <DropdownMenu.Item color="red" onSelect={onLogOut}>
          {accountStrings.logOut}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

/**
 * A page of the product (account pages, studio): `link`, the in-app link, on the site; the main site in a
 * new tab from an embed; nothing in a white-labelled embed (spec 1 §2, §6).
 */
function ProductPageItem({
  path,
  label,
  link,
}: Readonly<{ path: string; label: string; link: ReactElement<{ children?: ReactNode }> }>) {
  const target = productPageTarget(useEmbed(), path)
  if (target === 'hidden') return null
  return (
    <DropdownMenu.Item asChild>
      {target ? (
        <a href={target.href} target="_blank" rel="noopener">
          {label}
          <span className="visually-hidden"> {accountStrings.opensInNewTab}</span>
        </a>
      ) : (
        cloneElement(link, undefined, label)
      )}
    </DropdownMenu.Item>
  )
}
