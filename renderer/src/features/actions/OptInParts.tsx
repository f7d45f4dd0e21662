import { Button, Checkbox, Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { actionsStrings as s } from './actions.strings'

/**
 * spec 1 §2/§5: the SMS opt-in box, linking the terms of use and the privacy policy (new tabs, so the
 * form stays as typed). Confirm enables only once it is ticked.
 */
export function SmsConsent({
  name,
  checked,
  onChange,
}: Readonly<{ name: string; checked: boolean; onChange: (checked: boolean) => void }>) {
  return (
    <Text as="label" size="2" className="opt-in-consent">
      <Flex gap="2" align="start">
        <Checkbox checked={checked} onCheckedChange={(next) => onChange(next === true)} mt="1" />
        <span>
          {s.consentLead(name)}
          <Link to="/terms-of-use" target="_blank" rel="noopener">
            {s.termsOfUse}
            <span className="visually-hidden"> {s.opensInNewTab}</span>
          </Link>
          {s.consentAnd}
          <Link to="/privacy-policy" target="_blank" rel="noopener">
            {s.privacyPolicy}
            <span className="visually-hidden"> {s.opensInNewTab}</span>
          </Link>
          {s.consentEnd}
        </span>
      </Flex>
    </Text>
  )
}

/**
 * The form's footer: back to the platforms, and the step's one primary action (the form's submit). Without
 * `onBack` (the account pages' settings form) there is no way back, only the action.
 */
export function OptInFormFooter({
  onBack,
  primaryLabel,
  primaryDisabled,
  primaryLoading,
}: Readonly<{
  onBack?: () => void
  primaryLabel: string
  primaryDisabled: boolean
  primaryLoading: boolean
}>) {
  return (
    <Flex justify={onBack ? 'between' : 'end'} gap="2" mt={onBack ? '4' : '2'} wrap="wrap">
      {onBack ? (
        <Button type="button" variant="soft" color="gray" onClick={onBack}>
          {s.back}
        </Button>
      ) : null}
      <Button type="submit" disabled={primaryDisabled} loading={primaryLoading}>
        {primaryLabel}
      </Button>
    </Flex>
  )
}
