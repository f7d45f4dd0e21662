import { Button, Dialog, Flex, Progress, Text } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { CloneSettings } from '../../../../contract/studio-clones'
import { resolveMediaUrl, serverMessageOr } from '../../api/client'
import { updateCloneSettings } from '../../api/studio-clones'
import { uploadFileWithId } from '../../api/uploads'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { FaceMarksControl } from './FaceMarksDialog'
import { cropRect, PORTRAIT_SIZE } from './portrait-crop'
import { studioStrings } from './studio.strings'

const s = studioStrings.settings
const PREVIEW_SIZE = 280

/**
 * The portrait (issue #16): pick a png or jpeg, crop it square with zoom and position sliders over a canvas
 * preview, then upload the square (with its progress) and make it the clone's portrait.
 */
export function PortraitPicker({
  settings,
  editable,
  onSaved,
}: Readonly<{ settings: CloneSettings; editable: boolean; onSaved: (settings: CloneSettings) => void }>) {
  const input = useRef<HTMLInputElement>(null)
  const [image, setImage] = useState<ImageBitmap | null>(null)

  const onPick = async (file: File | undefined) => {
    if (!file) return
    try {
      setImage(await createImageBitmap(file))
    } catch {
      toast.error(s.portraitUnreadable)
    } finally {
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Flex gap="4" align="center" wrap="wrap">
      <Avatar
        size="7"
        radius="full"
        src={resolveMediaUrl(settings.imageUrl)}
        fallback={initialsOf(settings.name)}
        alt={s.portrait}
      />
      {editable ? (
        <Flex direction="column" gap="1" align="start">
          <input
            ref={input}
            id="portrait-file"
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={s.choosePortrait}
            onChange={(e) => void onPick(e.target.files?.[0])}
          />
          <Button type="button" variant="soft" onClick={() => input.current?.click()}>
            {s.choosePortrait}
          </Button>
          <Text size="1" color="gray">
            {s.portraitHint}
          </Text>
        </Flex>
      ) : null}
      <FaceMarksControl settings={settings} editable={editable} onSaved={onSaved} />
      {image ? (
        <PortraitCropDialog
          image={image}
          slug={settings.slug}
          onClose={() => setImage(null)}
          onSaved={(saved) => {
            setImage(null)
            onSaved(saved)
          }}
        />
      ) : null}
    </Flex>
  )
}

function PortraitCropDialog({
  image,
  slug,
  onClose,
  onSaved,
}: Readonly<{
  image: ImageBitmap
  slug: string
  onClose: () => void
  onSaved: (settings: CloneSettings) => void
}>) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [zoom, setZoom] = useState(1)
  const [x, setX] = useState(0.5)
  const [y, setY] = useState(0.5)
  const [progress, setProgress] = useState<number | null>(null)

  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    const r = cropRect(image.width, image.height, zoom, x, y)
    context.clearRect(0, 0, PREVIEW_SIZE, PREVIEW_SIZE)
    context.drawImage(image, r.sx, r.sy, r.size, r.size, 0, 0, PREVIEW_SIZE, PREVIEW_SIZE)
  }, [image, zoom, x, y])

  const onUse = async () => {
    setProgress(0)
    try {
      const square = document.createElement('canvas')
      square.width = PORTRAIT_SIZE
      square.height = PORTRAIT_SIZE
      const r = cropRect(image.width, image.height, zoom, x, y)
      square
        .getContext('2d')
        ?.drawImage(image, r.sx, r.sy, r.size, r.size, 0, 0, PORTRAIT_SIZE, PORTRAIT_SIZE)
      const blob = await new Promise<Blob>((resolve, reject) =>
        square.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.9),
      )
      const file = new File([blob], 'portrait.jpg', { type: 'image/jpeg' })
      const { uploadId } = await uploadFileWithId(file, {
        onProgress: (sent) => setProgress(Math.round((sent / file.size) * 100)),
      })
      const saved = await updateCloneSettings(slug, { portraitUploadId: uploadId })
      toast.success(s.portraitSaved)
      onSaved(saved)
    } catch (error) {
      toast.error(serverMessageOr(error, s.portraitFailed))
      setProgress(null)
    }
  }

  const busy = progress !== null
  const slider = (
    id: string,
    label: string,
    value: number,
    set: (v: number) => void,
    min: number,
    max: number,
  ) => (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2">
        {label}
      </Text>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={0.01}
        value={value}
        disabled={busy}
        onChange={(e) => set(Number(e.target.value))}
      />
    </Flex>
  )

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Content maxWidth="360px">
        <Dialog.Title>{s.cropTitle}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {s.cropDescription}
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <canvas
            ref={canvas}
            width={PREVIEW_SIZE}
            height={PREVIEW_SIZE}
            className="studio-portrait-canvas"
            aria-label={s.cropTitle}
            role="img"
          />
          {slider('portrait-zoom', s.zoom, zoom, setZoom, 1, 4)}
          {slider('portrait-x', s.horizontal, x, setX, 0, 1)}
          {slider('portrait-y', s.vertical, y, setY, 0, 1)}
          {busy ? (
            <Flex direction="column" gap="1" role="status">
              <Text size="2">{s.uploading(progress)}</Text>
              <Progress value={progress} />
            </Flex>
          ) : null}
          <Flex gap="3" justify="end">
            <Button type="button" variant="soft" color="gray" disabled={busy} onClick={onClose}>
              {s.cancel}
            </Button>
            <Button type="button" loading={busy} onClick={() => void onUse()}>
              {s.usePortrait}
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
