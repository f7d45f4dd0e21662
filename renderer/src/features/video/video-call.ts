import { shareConversation } from '../../api/history'
import { endVideoCall, reportVideoFailure, sendVideoHeartbeat, startVideoCall } from '../../api/video'
import { dialogs } from '../../navigation/dialogs.store'
import { openCamera } from '../../platform/camera'
import { loadVideoEngine } from './load-video-engine'
import { createVideoCallStore } from './video-call.store'

/** The one video call of the app, on the API client, the engines and the platform. */
export const videoCall = createVideoCallStore({
  startVideoCall,
  endVideoCall,
  sendVideoHeartbeat,
  reportVideoFailure,
  shareConversation: async (conversationId) => ({
    shareId: (await shareConversation(conversationId)).shared.id,
  }),
  loadVideoEngine,
  openCamera: (deviceId) => openCamera(deviceId),
  isPaywallOpen: () => dialogs.open?.kind === 'paywall',
  now: () => Date.now(),
})
