import { Flex, TextField } from '@radix-ui/themes'
import { type ReactNode, useState } from 'react'
import { addWebSource } from '../../api/studio-knowledge'
import { FormField, focusFirstInvalid } from '../../ui/form-parts'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourceDialog, SourceFormFooter, useAddSource } from './SourceDialog'
import { readWebDraft } from './source-forms'

/** Add a web page by its address: the server fetches it and reads its main text. */
export function AddWebDialog({ slug, trigger }: Readonly<{ slug: string; trigger: ReactNode }>) {
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState('')
  const [touched, setTouched] = useState(false)
  const add = useAddSource(slug, addWebSource, () => {
    setOpen(false)
    setUrl('')
    setTouched(false)
  })
  const reading = readWebDraft(url)
  const error = touched && !reading.ok ? reading.errors.url : undefined

  return (
    <SourceDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={s.web.title}
      description={s.web.description}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTouched(true)
          if (!reading.ok) focusFirstInvalid(event.currentTarget)
          else if (!add.isPending) add.mutate(reading.input)
        }}
      >
        <Flex direction="column" gap="4">
          <FormField label={s.form.urlLabel} error={error}>
            {(props) => (
              <TextField.Root
                {...props}
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder={s.form.urlPlaceholder}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                onBlur={() => url && setTouched(true)}
              />
            )}
          </FormField>
          <SourceFormFooter error={add.error} submitLabel={s.web.submit} pending={add.isPending} />
        </Flex>
      </form>
    </SourceDialog>
  )
}
