import { defineStrings, msg } from '../../../../contract/i18n'

/** The voice call's user-facing texts (spec 2 §2, §4, §5, §6, §8, §9), exactly as the spec writes them. */
export const voiceStrings = defineStrings('voice', {
  // spec 2 §2 'Voice call screens and parts'
  startCall: 'Start a call',
  // {name}: the clone's name
  startCallHint: msg('Talk out loud with {name}. Your microphone is used only during the call.', 'name'),
  connecting: 'Connecting',
  live: 'Live',
  callEnded: 'Call Ended',
  viewTranscript: 'View Transcript',
  shareCall: 'Share Call',
  chat: 'Chat',
  call: 'Call',
  somethingWentWrong: 'Something went wrong',
  tryAgainLater: 'Try again in a few minutes',
  tryAgain: 'Try Again',
  // What the clone is doing during the call (the status pill)
  status: { idle: 'Idle', listening: 'Listening', thinking: 'Thinking', speaking: 'Talking' },
  copyLinkToVideo: 'Copy link to video',
  shareOn: 'Share on',
  language: 'Language',
  back: msg("Back to {name}'s profile", 'name'),
  verified: 'Verified',
  mute: 'Mute microphone',
  unmute: 'Unmute microphone',
  endCall: 'End call',
  callTimer: 'Call duration',
  remaining: 'Call time left',
  loading: 'Loading the call…',

  // spec 2 §5 'Countdown'
  unlimited: 'Unlimited',
  minutes: msg('{count, plural, one {# minute} other {# minutes}}', 'count'),
  // spec 2 §6 'remaining-credit ring' (its accessible name)
  creditRing: msg('{left} of {quota} minutes of call time left', 'left', 'quota'),

  // spec 2 §5 and §8
  unsupportedBrowser: "Voice calls don't work in this browser. Please open in Chrome/Safari.",
  callEndedInactivity: 'Call ended due to inactivity',
  allowMicrophone: 'Please allow microphone access to call',
  microphoneBlocked:
    'Microphone access blocked. Please enable it in your browser settings and refresh the page.',
  enableMicrophoneTitle: 'Enable Microphone access to call',
  enableMicrophoneText: 'You can enable microphone access in your browser settings.',
  noMicrophones: 'No microphones found',
  quotaExhausted: 'You have exhausted your monthly call quota with this Clone.',
  // Not a spec text: the embedded default's plain answer when nothing can transcribe (issue 12 'Providers').
  transcriptionUnavailable:
    "Transcription is not set up on this server, and this browser can't transcribe speech itself. Try Chrome or Edge, or ask the site owner to configure a transcription endpoint.",

  // spec 2 §2 'Transcript page', §8 'Share call', 'Navigation'
  transcriptTitle: msg('Your call with {name}', 'name'),
  transcriptShortTitle: 'Your Call',
  closeTranscript: 'Close transcript',
  loginToView: 'Please log in to view conversation history',
  signIn: 'Sign in',
  transcriptFailed: 'Failed to load transcript - please try again or contact support',
  navigationTimeout: 'Navigation is timing out - please try again',
  invalidConfiguration: 'Unable to load transcript - invalid configuration',
  transcriptEmpty: 'Nothing was said during this call.',
  // The call's recording above its transcript (spec 2 §2 'Transcript page': waveform / player)
  recording: 'Call recording',
  you: 'You',
  sharing: 'Sharing conversation...',
  shareFailed: 'Failed to share conversation.',
  noConversation: 'No conversation ID found.',
  copied: 'Copied Share Link',
  shareText: msg('Listen to my call with {name}', 'name'),
  sharedCallTitle: msg('A call with {name}', 'name'),
  sharedGone: 'This call is no longer shared.',
  startOwnCall: 'Start your own call',
})
