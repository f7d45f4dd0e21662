import { PRODUCT_NAME } from '../../../../contract/product'

/** Sharing's user-facing texts (spec 1 §2 'Share row', §8 'Conversation'). */
export const shareStrings = {
  title: 'Share Conversation',
  description: 'Anyone with this link can read the conversation and continue it as their own.',
  linkLabel: 'Share link',
  copyLink: 'Copy link',
  share: 'Share',
  close: 'Close',
  creatingLink: 'Creating your link…',
  shareText: (cloneName: string | null) =>
    cloneName
      ? `Check out my conversation with ${cloneName} on ${PRODUCT_NAME}`
      : `Check out my conversation on ${PRODUCT_NAME}`,
  platform: {
    twitter: 'Share on X',
    linkedin: 'Share on LinkedIn',
    facebook: 'Share on Facebook',
    whatsapp: 'Share on WhatsApp',
    email: 'Via Email',
    instagram: 'Share on Instagram',
  },
  // The dialog's links beside the icon row (spec 1 §2 'Share row').
  platformName: { facebook: 'Facebook', instagram: 'Instagram' },
  copyPrompt: 'Copy this link:',
  // The share aside on large screens (spec 1 §2 'Chat').
  asideTitle: 'Share',
  asideConversation: 'This conversation',
  asideShareConversation: 'Share conversation',
  asideNoConversation: 'Send a message first: then this conversation can be shared.',
  asideProfile: (cloneName: string) => `${cloneName}'s profile`,
  profileShareText: (cloneName: string) => `Talk with ${cloneName} on ${PRODUCT_NAME}`,

  // spec 1 §8 'Conversation'
  sharing: 'Sharing conversation...',
  shareFailed: 'Failed to share conversation',
  copied: 'Copied Share Link',
  copyFailed: 'Failed to copy share link',
  noConversation: 'No conversation ID found.',
} as const
