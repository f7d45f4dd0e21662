import { PRODUCT_NAME } from '../../../../contract/product'
import { InfoPage, InfoSection } from './InfoPage'

/** /privacy-policy, linked from the text opt-in form and contact capture (spec 1 §2). */
export function PrivacyPolicyScreen() {
  return (
    <InfoPage title="Privacy Policy" updated="January 2025">
      <InfoSection title="What we collect">
        When you talk with a clone on {PRODUCT_NAME}, we store the messages you send and the answers you
        receive so the conversation can continue where you left it. If you sign in or share contact details,
        we keep your email address and, if you give it, your phone number. Voice and video calls are
        transcribed, and video calls are recorded so you can replay and share them.
      </InfoSection>
      <InfoSection title="How we use it">
        We use your conversations to answer you, to show you your history, and to let the creator behind a
        clone understand which questions people ask. We use your contact details to sign you in, to send
        one-time codes, and to send messages you asked for, such as texts from a clone. We do not sell your
        personal data.
      </InfoSection>
      <InfoSection title="Who can see it">
        The creator of a clone and the contributors they invite can read conversations held with that clone. A
        conversation you share is visible to anyone with its link until you unshare it. Service providers that
        process payments, send email or texts, and convert speech receive only what they need to do that work.
      </InfoSection>
      <InfoSection title="Your choices">
        You can archive conversations, unshare links, and ask us to delete your account and the data tied to
        it at any time. Preferences such as your language and dismissed notices are kept on your own device
        and can be cleared from your browser or app settings.
      </InfoSection>
    </InfoPage>
  )
}
