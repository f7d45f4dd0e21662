import { PRODUCT_NAME } from '../../../../contract/product'
import { InfoPage, InfoSection } from './InfoPage'

/** /terms-of-use, linked from the text opt-in form and contact capture (spec 1 §2). */
export function TermsOfUseScreen() {
  return (
    <InfoPage title="Terms of Use" updated="January 2025">
      <InfoSection title="AI clones are not the people they represent">
        Every clone on {PRODUCT_NAME} is software that answers in the style of a real creator, based on
        material the creator provided. Its answers are generated automatically, may be inaccurate or out of
        date, and are not personal, medical, legal or financial advice from that person.
      </InfoSection>
      <InfoSection title="Using the service">
        Use clones for lawful purposes only. Do not try to extract other visitors&apos; data, overload the
        service, impersonate others, or make a clone produce content that harasses, deceives or harms people.
        We may limit or close access for anyone who does.
      </InfoSection>
      <InfoSection title="Memberships and usage limits">
        Free use is limited by message and call quotas. Paid memberships are billed monthly or annually in US
        dollars, renew automatically, and can be cancelled at any time; a cancellation takes effect at the end
        of the paid period.
      </InfoSection>
      <InfoSection title="Your content">
        You keep the rights to what you write and say. You allow us to store and process it to run the
        service, including showing it to the clone&apos;s creator. Creators remain responsible for the
        material their clones are trained on.
      </InfoSection>
    </InfoPage>
  )
}
