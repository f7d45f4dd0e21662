import './shell.css'
import { Flex } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PRODUCT_NAME } from '../../../../contract/product'
import { LogoMark } from '../../ui/icons'
import { AccountSlot } from '../account'
import { EmbedHeaderControls, useEmbed } from '../embed'

/**
 * The product header: the logo links to /explore (spec 1 §2); screens may add controls on the right, and
 * the account slot ('Log in' or the account menu) closes the row. `account={false}` leaves the slot out
 * (spec 1 §6, spec 2 §6: a clone with requireEmail false hides the auth menu on its profile, talk, shared
 * and call screens). In an embed the header is compact: no logo link to the directory, and the bubble's
 * panel gets a close button.
 */
export function AppHeader({
  children,
  account = true,
}: Readonly<{ children?: ReactNode; account?: boolean }>) {
  const embedded = useEmbed() !== null
  return (
    <header className="app-header" data-embedded={embedded || undefined}>
      <Flex align="center" justify="between" gap="3" className="app-header__inner">
        {embedded ? (
          <span />
        ) : (
          <Link to="/explore" className="app-logo">
            <LogoMark size={28} />
            <span>{PRODUCT_NAME}</span>
          </Link>
        )}
        <Flex align="center" gap="2">
          {children}
          {account ? <AccountSlot /> : null}
          <EmbedHeaderControls />
        </Flex>
      </Flex>
    </header>
  )
}
