import type { ReactNode } from 'react'
import { GlobeIcon, PodcastIcon, QuoteIcon, UploadIcon } from '../../ui/lazy-icons'
import { AddDocumentsDialog } from './AddDocumentsDialog'
import { AddQaDialog } from './AddQaDialog'
import { AddTranscriptDialog } from './AddTranscriptDialog'
import { AddWebDialog } from './AddWebDialog'
import { knowledgeStrings as s } from './knowledge.strings'

const a = s.add

/** A large button naming a kind of source and what it is; each opens its dialog. */
function AddTile({
  icon,
  label,
  hint,
  ...props
}: Readonly<{ icon: ReactNode; label: string; hint: string }>) {
  // The dialog's trigger passes its own props (aria-expanded, onClick, ref…) through `props`.
  return (
    <button type="button" className="knowledge-add" {...props}>
      <span className="knowledge-add__icon">{icon}</span>
      <span className="knowledge-add__text">
        <span className="knowledge-add__label">{label}</span>
        <span className="knowledge-add__hint">{hint}</span>
      </span>
    </button>
  )
}

/** The four ways to teach the clone, side by side (two by two on a phone). */
export function AddSourceBar({ slug }: Readonly<{ slug: string }>) {
  return (
    <div className="knowledge-add-bar">
      <AddDocumentsDialog
        slug={slug}
        trigger={<AddTile icon={<UploadIcon size={20} />} label={a.documents} hint={a.documentsHint} />}
      />
      <AddWebDialog
        slug={slug}
        trigger={<AddTile icon={<GlobeIcon size={20} />} label={a.web} hint={a.webHint} />}
      />
      <AddTranscriptDialog
        slug={slug}
        trigger={<AddTile icon={<PodcastIcon size={20} />} label={a.transcript} hint={a.transcriptHint} />}
      />
      <AddQaDialog
        slug={slug}
        trigger={<AddTile icon={<QuoteIcon size={20} />} label={a.qa} hint={a.qaHint} />}
      />
    </div>
  )
}
