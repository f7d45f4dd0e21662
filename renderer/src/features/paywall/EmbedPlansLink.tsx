import { Button, Flex, Text } from '@radix-ui/themes'
import { useState } from 'react'
import { membershipTarget } from '../../lib/membership-target'
import { usePlatform } from '../../platform'
import { paywallStrings } from './paywall.strings'

/**
 * spec 1 §2 '/memberships/{target}?origin={current url}&token={embed token}': inside an embed, payment pages
 * cannot be framed (and the card form must not be), so the paywall opens the memberships page of the main site
 * in a new tab, carrying the embed's session token there (the page trades it for its own session and drops it
 * from the address at once: features/billing/embed-handoff.ts).
 */
export function EmbedPlansLink({
  name,
  slug,
  instanceSlug,
}: Readonly<{ name: string; slug: string; instanceSlug: string | null }>) {
  const platform = usePlatform()
  const [failed, setFailed] = useState(false)
  const open = async () => {
    setFailed(false)
    try {
      const embed = platform.embed
      if (!embed) return
      const token = platform.auth.tokenKey ? await platform.storage.get(platform.auth.tokenKey) : undefined
      const url = new URL(
        `/memberships/${encodeURIComponent(membershipTarget(slug, instanceSlug))}`,
        embed.mainSiteOrigin,
      )
      url.searchParams.set('origin', globalThis.location.href)
      if (token) url.searchParams.set('token', token)
      await platform.openExternal(url.toString())
    } catch {
      setFailed(true)
    }
  }
  return (
    <Flex direction="column" gap="3" align="start">
      <Text size="2">{paywallStrings.embed.lead(name)}</Text>
      <Button onClick={() => void open()}>
        {paywallStrings.embed.seePlans}
        <span className="visually-hidden"> {paywallStrings.embed.opensInNewTab}</span>
      </Button>
      {failed ? (
        <Text size="2" color="red" role="alert">
          {paywallStrings.embed.failed}
        </Text>
      ) : null}
    </Flex>
  )
}
