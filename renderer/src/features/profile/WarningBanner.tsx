import { Callout, Flex, IconButton } from '@radix-ui/themes'
import { CloseIcon, WarningIcon } from '../../ui/icons'
import { profileStrings } from './profile.strings'

export function WarningBanner({ text, onDismiss }: Readonly<{ text: string; onDismiss: () => void }>) {
  return (
    // High contrast: amber's step 11 text on its step 2 surface is 4.43:1, under WCAG's 4.5:1 (axe).
    <Callout.Root
      color="amber"
      variant="surface"
      highContrast
      role="note"
      aria-label={profileStrings.warning}
      className="warning-banner"
    >
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex align="start" justify="between" gap="3">
        <Callout.Text>{text}</Callout.Text>
        <IconButton
          size="1"
          variant="ghost"
          color="amber"
          aria-label={profileStrings.dismissWarning}
          onClick={onDismiss}
        >
          <CloseIcon />
        </IconButton>
      </Flex>
    </Callout.Root>
  )
}
