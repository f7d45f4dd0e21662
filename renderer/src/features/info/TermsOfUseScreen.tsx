import { PRODUCT_NAME } from '../../../../contract/product'
import { InfoPage, InfoSection, LAST_UPDATED } from './InfoPage'
import { infoStrings } from './info.strings'

/** /terms-of-use, linked from the text opt-in form and contact capture (spec 1 §2). */
export function TermsOfUseScreen() {
  const s = infoStrings.terms
  return (
    <InfoPage title={s.title} updated={LAST_UPDATED}>
      <InfoSection title={s.clonesTitle}>{s.clones(PRODUCT_NAME)}</InfoSection>
      <InfoSection title={s.serviceTitle}>{s.service}</InfoSection>
      <InfoSection title={s.membershipsTitle}>{s.memberships}</InfoSection>
      <InfoSection title={s.contentTitle}>{s.content}</InfoSection>
    </InfoPage>
  )
}
