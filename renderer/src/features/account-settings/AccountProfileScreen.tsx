import { DeleteAccount, SignOutEverywhere } from './AccountDangerZone'
import { AccountPage, AccountSection } from './AccountPage'
import { accountSettingsStrings as s } from './account-settings.strings'
import { PhoneSetting, TelegramSetting } from './ContactSettings'
import { EmailField, LanguageField, NameField } from './ProfileFields'

/**
 * /profile (spec 1 §2; issue #15 'Account pages'): name, e-mail (read-only), phone number (verified with a
 * code), Telegram username, preferred language, sign-out everywhere, and deleting the account.
 */
export function AccountProfileScreen() {
  return (
    <AccountPage title={s.profileTitle} signedOutText={s.signedOut}>
      {(user) => (
        <>
          <AccountSection id="account-name" title={s.nameHeading}>
            <NameField user={user} />
          </AccountSection>
          <AccountSection id="account-email" title={s.emailHeading}>
            <EmailField user={user} />
          </AccountSection>
          <PhoneSetting user={user} />
          <TelegramSetting user={user} />
          <AccountSection id="account-language" title={s.languageHeading}>
            <LanguageField user={user} />
          </AccountSection>
          <SignOutEverywhere />
          <DeleteAccount user={user} />
        </>
      )}
    </AccountPage>
  )
}
