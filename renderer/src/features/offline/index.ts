// The offline feature's public face: what other features (chat, accounts) use.
export {
  clearDraft,
  DRAFT_SAVE_DELAY_MS,
  type DraftScope,
  draftKey,
  loadDraft,
  saveDraft,
  useDraft,
} from './drafts'
export { offlineStrings } from './offline.strings'
export { forgetOfflineData, startOfflineSupport } from './offline-support'
export { isOnline, useOnlineStatus } from './online-status'
