import { Button, Card, Flex, IconButton, Text } from '@radix-ui/themes'
import { PRODUCT_NAME } from '../../../../contract/product'
import { CloseIcon } from '../../ui/icons'
import { AddToHomeIcon, InstallIcon, ShareIcon } from '../../ui/lazy-icons'
import type { InstallHint as InstallHintMode } from './install-hint'
import { installStrings } from './shell.strings'

/**
 * The install offer: an Install button where the browser can install (beforeinstallprompt), and on iOS
 * Safari the spec's Add to Home Screen steps (spec 1 §2).
 */
export function InstallHint({
  mode,
  onInstall,
  onDismiss,
}: Readonly<{ mode: Exclude<InstallHintMode, 'none'>; onInstall: () => void; onDismiss: () => void }>) {
  return (
    <Card asChild size="2" className="shell-card">
      <section aria-labelledby="install-hint-title">
        <Flex align="start" gap="3">
          <img src="/icons/icon-192.png" alt="" width={40} height={40} className="shell-card__app-icon" />
          <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
            <Text as="p" size="2" weight="bold" id="install-hint-title">
              {installStrings.title(PRODUCT_NAME)}
            </Text>
            {mode === 'install-button' ? (
              <Text as="p" size="2" color="gray">
                {installStrings.promptBody(PRODUCT_NAME)}
              </Text>
            ) : (
              <>
                <Text as="p" size="2" color="gray">
                  {installStrings.iosLead(PRODUCT_NAME)}
                </Text>
                <ol className="install-steps">
                  <li>
                    <Text size="2">{installStrings.iosSteps.share}</Text>
                    <ShareIcon size={16} label={installStrings.shareIcon} className="install-steps__icon" />
                  </li>
                  <li>
                    <Text size="2">{installStrings.iosSteps.scroll}</Text>
                    <AddToHomeIcon size={16} className="install-steps__icon" />
                  </li>
                  <li>
                    <Text size="2">{installStrings.iosSteps.done}</Text>
                  </li>
                </ol>
              </>
            )}
            {mode === 'install-button' ? (
              <Flex mt="2">
                <Button size="2" onClick={onInstall}>
                  <InstallIcon size={16} />
                  {installStrings.install}
                </Button>
              </Flex>
            ) : null}
          </Flex>
          <IconButton
            size="1"
            variant="ghost"
            color="gray"
            aria-label={installStrings.dismiss}
            onClick={onDismiss}
          >
            <CloseIcon />
          </IconButton>
        </Flex>
      </section>
    </Card>
  )
}
