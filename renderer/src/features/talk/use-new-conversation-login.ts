import { useCallback } from 'react'
import { toast } from 'sonner'
import { openDialog } from '../../navigation/dialogs.store'
import { authStrings, useCurrentUser } from '../auth'

/**
 * spec 1 §5 'Start New Conversation needs a logged-in user when email is not required off' and §6 'If
 * requireEmail is false ... new conversations need no login': the plus menu's Start New Conversation. A
 * signed-out visitor of a clone that requires email is told to log in and gets the sign-in dialog instead.
 */
export function useNewConversationLogin(requireEmail: boolean, startNew: () => void) {
  const signedIn = useCurrentUser().user !== null
  return useCallback(() => {
    if (!requireEmail || signedIn) {
      startNew()
      return
    }
    toast.info(authStrings.loginRequired)
    openDialog({ kind: 'signIn' })
  }, [requireEmail, signedIn, startNew])
}
