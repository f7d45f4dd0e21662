import { PRODUCT_NAME } from '../../../../contract/product'
import { ReviseAnswerDialog } from '../../ui/ReviseAnswerDialog'
import { type CommandBarDialog, closeCommandBarDialog } from './command-bar.store'
import { commandBarStrings as s } from './command-bar.strings'
import { reviseAnswer } from './training.api'

type ReviseDialogState = Extract<CommandBarDialog, { kind: 'revise' }>

/** Read when the dialog renders, in the active language. */
const reviseTexts = () => ({
  ...s,
  reviseField: s.reviseLabel,
  trained: s.trained(PRODUCT_NAME),
  trainFailed: s.trainFailed(PRODUCT_NAME),
})

/** spec 1 §2 'revise answer' dialog, opened from the command bar on the chat's answer. */
export function ReviseDialog({ dialog }: Readonly<{ dialog: ReviseDialogState }>) {
  return (
    <ReviseAnswerDialog
      name={dialog.cloneName}
      question={dialog.question?.text ?? null}
      initial={dialog.message.text}
      texts={reviseTexts()}
      revise={(idealResponse) =>
        reviseAnswer({ messageId: dialog.message.id, slug: dialog.slug, idealResponse })
      }
      onClose={closeCommandBarDialog}
    />
  )
}
