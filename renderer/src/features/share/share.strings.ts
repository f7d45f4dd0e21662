import { defineStrings, msg } from '../../../../contract/i18n'

/**
 * Sharing's user-facing texts (spec 1 §2 'Share row', §8 'Conversation'). {product} is the product's name
 * (PRODUCT_NAME, contract/product.ts) and {cloneName} a clone's name.
 */
export const shareStrings = defineStrings('share', {
  title: 'Share Conversation',
  description: 'Anyone with this link can read the conversation and continue it as their own.',
  linkLabel: 'Share link',
  copyLink: 'Copy link',
  share: 'Share',
  close: 'Close',
  creatingLink: 'Creating your link…',
  // The sentence that goes with a shared conversation's link (a post, a message, an email)
  shareText: msg('Check out my conversation with {cloneName} on {product}', 'cloneName', 'product'),
  // The same while the clone's name is not known
  shareTextNoClone: msg('Check out my conversation on {product}', 'product'),
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
  // spec 1 §2 'Share row': Instagram has no share link
  instagramUnsupported: 'Instagram does not support direct URL sharing. Please share manually.',
  // The share aside on large screens (spec 1 §2 'Chat').
  asideTitle: 'Share',
  asideConversation: 'This conversation',
  asideShareConversation: 'Share conversation',
  asideNoConversation: 'Send a message first: then this conversation can be shared.',
  asideProfile: msg("{cloneName}'s profile", 'cloneName'),
  // The sentence that goes with a shared profile's link
  profileShareText: msg('Talk with {cloneName} on {product}', 'cloneName', 'product'),

  // spec 1 §8 'Conversation'
  sharing: 'Sharing conversation...',
  shareFailed: 'Failed to share conversation',
  copied: 'Copied Share Link',
  copyFailed: 'Failed to copy share link',
  noConversation: 'No conversation ID found.',
})
