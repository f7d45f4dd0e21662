import './uploads.css'
import { isImageFileName } from '../../../../contract/uploads'
import { resolveMediaUrl } from '../../api/client'
import { FileIcon } from '../../ui/lazy-icons'
import { extensionLabel, fileNameFromUrl } from './attachments'
import { uploadStrings } from './uploads.strings'

/**
 * The files a visitor sent with a message (spec 1 §5): jpeg and png as thumbnails that open the full image
 * in a new tab, other files as cards that download. Thumbnails have a fixed size, so a late image never
 * changes the height of its (virtualised, measured) row.
 */
export function MessageFiles({ urls }: Readonly<{ urls: readonly string[] }>) {
  return (
    <ul className="message-files plain-list" aria-label={uploadStrings.attachedFiles}>
      {urls.map((url, i) => (
        <li key={`${url}-${i}`}>
          <MessageFile url={url} />
        </li>
      ))}
    </ul>
  )
}

function MessageFile({ url }: Readonly<{ url: string }>) {
  const href = resolveMediaUrl(url)
  const name = fileNameFromUrl(url)
  if (isImageFileName(name)) {
    return (
      <a
        className="message-file message-file--image"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={uploadStrings.openImage(name)}
      >
        <img src={href} alt="" loading="lazy" />
      </a>
    )
  }
  // Also a new tab: where `download` does not apply (another origin, as on desktop) the app stays put.
  return (
    <a
      className="message-file file-card"
      href={href}
      download={name}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={uploadStrings.download(name)}
    >
      <span className="file-card__icon" aria-hidden>
        <FileIcon size={18} />
      </span>
      <span className="file-card__text">
        <span className="file-card__name">{name}</span>
        <span className="file-card__meta">{extensionLabel(name)}</span>
      </span>
    </a>
  )
}
