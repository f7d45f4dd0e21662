import { Button } from '@radix-ui/themes'
import { useState } from 'react'
import { toast } from 'sonner'
import { authRequestInit } from '../../api/client'
import { leadsCsvUrl } from '../../api/embed'
import { usePlatform } from '../../platform'
import { DownloadIcon } from '../../ui/lazy-icons'
import { leadsStrings as s } from './leads.strings'

/**
 * 'Download CSV'. On the web the session cookie goes with a plain link. Where the session is a bearer
 * token (desktop, embed), a link cannot carry it: the file is fetched with the token and saved from a blob.
 */
export function LeadsDownload({ slug }: Readonly<{ slug: string }>) {
  const platform = usePlatform()
  const [busy, setBusy] = useState(false)
  const url = leadsCsvUrl(slug)
  const fileName = `leads-${slug}.csv`

  if (platform.auth.tokenKey === null) {
    return (
      <Button asChild variant="soft">
        <a href={url} download={fileName}>
          <DownloadIcon size={16} />
          {s.downloadCsv}
        </a>
      </Button>
    )
  }

  const download = async () => {
    setBusy(true)
    try {
      const response = await fetch(url, await authRequestInit())
      if (!response.ok) throw new Error(`Leads CSV answered ${response.status}`)
      const href = URL.createObjectURL(await response.blob())
      const anchor = document.createElement('a')
      anchor.href = href
      anchor.download = fileName
      anchor.click()
      // The click has started the download; the object URL can go on the next turn.
      setTimeout(() => URL.revokeObjectURL(href), 0)
    } catch (error) {
      console.warn('Leads CSV download failed', error)
      toast.error(s.downloadFailed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant="soft" loading={busy} onClick={() => void download()}>
      <DownloadIcon size={16} />
      {s.downloadCsv}
    </Button>
  )
}
