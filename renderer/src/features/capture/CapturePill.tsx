import { Button } from '@radix-ui/themes'
import { MainSiteLink } from '../embed'
import { CaptureState } from './capture.model'
import { captureStrings as s } from './capture.strings'

export interface CapturePillProps {
  state: CaptureState
  busy: boolean
  cloneName: string
  onSkip: () => void
  onChange: () => void
  onResend: () => void
}

/** The guidance pill above the prompt while capture collects (spec 1 §2, §5), with its actions. */
export function CapturePill({
  state,
  busy,
  cloneName,
  onSkip,
  onChange,
  onResend,
}: Readonly<CapturePillProps>) {
  const code =
    state === CaptureState.COLLECTING_EMAIL_OTP || state === CaptureState.COLLECTING_PHONE_NUMBER_OTP
  const text =
    state === CaptureState.COLLECTING_EMAIL
      ? s.pillEmail
      : state === CaptureState.COLLECTING_PHONE_NUMBER
        ? s.pillPhone
        : code
          ? s.pillCode
          : null
  if (!text) return null
  return (
    <section className="capture-guide" aria-label={s.captureLabel}>
      <div className="capture-pill">
        <span className="capture-pill__text">{text}</span>
        {state === CaptureState.COLLECTING_EMAIL ? (
          <Button type="button" size="1" variant="ghost" disabled={busy} onClick={onSkip}>
            {s.skip}
          </Button>
        ) : null}
        {code ? (
          <>
            <Button type="button" size="1" variant="ghost" disabled={busy} onClick={onChange}>
              {state === CaptureState.COLLECTING_EMAIL_OTP ? s.changeEmail : s.changeNumber}
            </Button>
            <Button type="button" size="1" variant="ghost" disabled={busy} onClick={onResend}>
              {s.resend}
            </Button>
          </>
        ) : null}
      </div>
      {state === CaptureState.COLLECTING_PHONE_NUMBER ? (
        <p className="capture-note">
          {s.optInNote(cloneName)}{' '}
          {/* On the main site, in a new tab (spec 1 §2); shown even when white-labelled: SMS consent needs them. */}
          <MainSiteLink path="/terms-of-use">{s.termsOfUse}</MainSiteLink> {s.and}{' '}
          <MainSiteLink path="/privacy-policy">{s.privacyPolicy}</MainSiteLink>.
        </p>
      ) : null}
    </section>
  )
}
