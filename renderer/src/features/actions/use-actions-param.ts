import { useEffect } from 'react'
import { toast } from 'sonner'
import type { ActionCentreView } from '../../navigation/search-params'
import { stepForView } from './action-centre'
import { runActionCentreStep } from './action-centre.store'
import { actionsStrings } from './actions.strings'

/**
 * spec 1 §2 'Query parameter actions': opens what the parameter names, then removes it from the address.
 * The talk screens call it; shared views never do (spec 1 §6: no action centre there).
 */
export function useActionsParam(
  view: ActionCentreView | undefined,
  conversationId: string | null,
  clearParam: () => void,
) {
  useEffect(() => {
    if (!view) return
    if (!runActionCentreStep(stepForView(view, conversationId))) toast.error(actionsStrings.noConversation)
    clearParam()
  }, [view, conversationId, clearParam])
}
