import './actions.css'
import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { useState } from 'react'
import { closeDialog } from '../../navigation/dialogs.store'
import { type TextPlatform, textPlatforms } from './action-centre'
import { actionsStrings as s } from './actions.strings'
import { useRouteClone } from './use-route-clone'

const platformLabel: Record<TextPlatform, string> = { SMS: s.sms, WHATSAPP: s.whatsapp, TELEGRAM: s.telegram }

/**
 * spec 1 §2 medium selection ('Text {name}', 'Select Platform'). The phone and Telegram forms come with the
 * text opt-in issue: choosing a platform says so and leads back, never to a dead end.
 */
export function TextOptInDialog() {
  const { clone } = useRouteClone()
  const [chosen, setChosen] = useState<TextPlatform | null>(null)
  const name = clone?.name ?? ''
  const platforms = clone ? textPlatforms(clone) : []
  const close = () => closeDialog('textOptIn')

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{s.textTitle(name)}</Dialog.Title>
        {chosen ? (
          <>
            <Dialog.Description size="2" color="gray" mb="2">
              {s.comingSoonTitle(platformLabel[chosen])}
            </Dialog.Description>
            <Text as="p" size="2">
              {s.comingSoonBody(name, platformLabel[chosen])}
            </Text>
            <Flex justify="end" gap="2" mt="4" wrap="wrap">
              <Button variant="soft" color="gray" onClick={() => setChosen(null)}>
                {s.back}
              </Button>
              <Button onClick={close}>{s.keepChatting}</Button>
            </Flex>
          </>
        ) : (
          <>
            <Dialog.Description size="2" color="gray" mb="3">
              {platforms.length > 0 ? s.selectPlatform : s.noPlatforms(name)}
            </Dialog.Description>
            {platforms.length > 0 ? (
              <ul className="action-menu">
                {platforms.map((platform) => (
                  <li key={platform}>
                    <button type="button" className="action-menu__entry" onClick={() => setChosen(platform)}>
                      {platformLabel[platform]}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <Flex justify="end" mt="4">
              <Dialog.Close>
                <Button variant="soft" color="gray">
                  {s.close}
                </Button>
              </Dialog.Close>
            </Flex>
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}
