import { PRODUCT_NAME } from '../../../../contract/product'
import { InfoPage, InfoSection, LAST_UPDATED } from './InfoPage'
import { infoStrings } from './info.strings'

/** /privacy-policy, linked from the text opt-in form and contact capture (spec 1 §2). */
export function PrivacyPolicyScreen() {
  const s = infoStrings.privacy
  return (
    <InfoPage title={s.title} updated={LAST_UPDATED}>
      <InfoSection title={s.collectTitle}>{s.collect(PRODUCT_NAME)}</InfoSection>
      <InfoSection title={s.useTitle}>{s.use}</InfoSection>
      <InfoSection title={s.seeTitle}>{s.see}</InfoSection>
      <InfoSection title={s.choicesTitle}>{s.choices}</InfoSection>
    </InfoPage>
  )
}
