import { toast } from 'sonner'
import { shareStrings } from './share.strings'

/**
 * Copies a share link: 'Copied Share Link', or when the clipboard is denied 'Failed to copy share link'
 * and a prompt that shows the link so it can be copied by hand (spec 1 §8).
 */
export async function copyShareLink(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('No clipboard')
    await navigator.clipboard.writeText(url)
    toast.success(shareStrings.copied)
    return true
  } catch {
    toast.error(shareStrings.copyFailed)
    window.prompt(shareStrings.copyPrompt, url)
    return false
  }
}
