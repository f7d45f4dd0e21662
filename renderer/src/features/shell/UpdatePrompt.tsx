import { Button, Card, Flex, Text } from '@radix-ui/themes'
import { UpdateIcon } from '../../ui/lazy-icons'
import { updateStrings } from './shell.strings'

/** 'A new version is available' with Reload (and Not now, which hides it for this page). */
export function UpdatePrompt({
  reloading,
  onReload,
  onLater,
}: Readonly<{ reloading: boolean; onReload: () => void; onLater: () => void }>) {
  return (
    <Card asChild size="2" className="shell-card">
      <section aria-labelledby="update-prompt-title">
        <Flex align="center" gap="3" wrap="wrap" justify="between">
          <Flex align="center" gap="2" className="shell-card__lead">
            <UpdateIcon size={18} className="shell-card__icon" />
            <Text as="p" size="2" weight="medium" id="update-prompt-title" role="status">
              {updateStrings.available}
            </Text>
          </Flex>
          <Flex gap="2" className="shell-card__actions">
            <Button size="2" variant="soft" color="gray" onClick={onLater} disabled={reloading}>
              {updateStrings.later}
            </Button>
            <Button size="2" onClick={onReload} loading={reloading}>
              {updateStrings.reload}
            </Button>
          </Flex>
        </Flex>
      </section>
    </Card>
  )
}
