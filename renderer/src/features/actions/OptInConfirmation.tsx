import { Button, Flex, Text } from '@radix-ui/themes'
import { ExternalLinkIcon } from '../../ui/lazy-icons'
import { actionsStrings as s } from './actions.strings'
import type { Confirmation } from './text-opt-in'

/**
 * spec 1 §4 'Text opt-in': the confirmation with the number (SMS: the sender, formatted; WhatsApp: its
 * wa.me link) or the Telegram link (t.me with the start token: the greeting waits for Start).
 */
export function OptInConfirmation({
  confirmation,
  name,
  onDone,
}: Readonly<{ confirmation: Confirmation; name: string; onDone: () => void }>) {
  let body: React.ReactNode = null
  let link: { href: string; label: string } | null = null
  if (confirmation.kind === 'sms') {
    body = (
      <>
        <Text as="p" size="2">
          {s.doneSms(name)}
        </Text>
        <Text as="p" size="5" weight="bold" className="opt-in-number">
          {confirmation.number}
        </Text>
      </>
    )
  } else if (confirmation.kind === 'whatsapp') {
    body = (
      <>
        <Text as="p" size="2">
          {s.doneWhatsApp(name)}
        </Text>
        {confirmation.number ? (
          <Text as="p" size="5" weight="bold" className="opt-in-number">
            {confirmation.number}
          </Text>
        ) : null}
      </>
    )
    link = { href: confirmation.link, label: s.openWhatsApp }
  } else if (confirmation.kind === 'telegram') {
    body = (
      <Text as="p" size="2">
        {s.doneTelegram(name)}
      </Text>
    )
    link = { href: confirmation.link, label: s.openTelegram }
  } else {
    body = (
      <Text as="p" size="2">
        {s.messageSent}
      </Text>
    )
  }

  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="3" weight="bold">
        {s.doneTitle}
      </Text>
      {body}
      <Flex justify="end" gap="2" mt="3" wrap="wrap">
        {link ? (
          <Button asChild variant="soft">
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <ExternalLinkIcon size={14} />
              <span className="visually-hidden"> {s.opensInNewTab}</span>
            </a>
          </Button>
        ) : null}
        <Button onClick={onDone} autoFocus={!link}>
          {s.done}
        </Button>
      </Flex>
    </Flex>
  )
}
