import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { FaceMarks } from '../../../../contract/face-marks'
import type { CloneSettings } from '../../../../contract/studio-clones'
import { resolveMediaUrl, serverMessageOr } from '../../api/client'
import { saveFaceMarks } from '../../api/studio-clones'
import {
  keyStep,
  MARK_NAMES,
  type MarkName,
  marksMakeAFace,
  moveMark,
  STARTING_MARKS,
  shareOf,
  withMouthWidth,
} from './face-marking'
import { studioStrings } from './studio.strings'

const s = studioStrings.faceMarks

/**
 * The portrait step's face marking (issue #26 part 1): where the eyes and the mouth are, so the local video
 * avatar blinks and speaks there. The creator opens it from the portrait; a contributor sees whether the face
 * is marked.
 */
export function FaceMarksControl({
  settings,
  editable,
  onSaved,
}: Readonly<{ settings: CloneSettings; editable: boolean; onSaved: (settings: CloneSettings) => void }>) {
  const [open, setOpen] = useState(false)
  if (!settings.imageUrl) return null
  return (
    <Flex direction="column" gap="1" align="start">
      <Text size="1" color="gray">
        {settings.faceMarks ? s.marked : s.unmarked}
      </Text>
      {editable ? (
        <Button type="button" variant="soft" onClick={() => setOpen(true)}>
          {settings.faceMarks ? s.edit : s.mark}
        </Button>
      ) : null}
      {open ? (
        <FaceMarksDialog
          settings={settings}
          onClose={() => setOpen(false)}
          onSaved={(faceMarks) => {
            setOpen(false)
            onSaved({ ...settings, faceMarks })
          }}
        />
      ) : null}
    </Flex>
  )
}

function FaceMarksDialog({
  settings,
  onClose,
  onSaved,
}: Readonly<{
  settings: CloneSettings
  onClose: () => void
  onSaved: (faceMarks: FaceMarks | null) => void
}>) {
  const [marks, setMarks] = useState<FaceMarks>(settings.faceMarks ?? STARTING_MARKS)
  const [dragging, setDragging] = useState<MarkName | null>(null)
  const [pending, setPending] = useState(false)
  const stage = useRef<HTMLDivElement>(null)
  const aFace = marksMakeAFace(marks)
  const label = (name: MarkName) => s[name]

  const moveTo = (name: MarkName, clientX: number, clientY: number) => {
    const box = stage.current?.getBoundingClientRect()
    if (box) setMarks((m) => moveMark(m, name, shareOf(clientX, clientY, box)))
  }
  const onPointerDown = (name: MarkName) => (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    setDragging(name)
  }
  const onPointerMove = (name: MarkName) => (event: PointerEvent<HTMLButtonElement>) => {
    if (dragging === name) moveTo(name, event.clientX, event.clientY)
  }
  const onKeyDown = (name: MarkName) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = keyStep(event.key, event.shiftKey)
    if (!step) return
    event.preventDefault()
    setMarks((m) => {
      const at = m[name]
      return moveMark(m, name, { x: at.x + step.x, y: at.y + step.y })
    })
  }

  const save = async (next: FaceMarks | null) => {
    setPending(true)
    try {
      const saved = await saveFaceMarks(settings.slug, next)
      toast.success(next ? s.saved : s.removed)
      onSaved(saved.faceMarks)
    } catch (error) {
      toast.error(serverMessageOr(error, s.saveFailed))
      setPending(false)
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{s.title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {s.help}
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <div ref={stage} className="studio-face-stage">
            <img src={resolveMediaUrl(settings.imageUrl)} alt="" draggable={false} />
            <span
              aria-hidden="true"
              className="studio-face-mouth-line"
              style={{
                left: `${(marks.mouth.x - marks.mouth.w / 2) * 100}%`,
                top: `${marks.mouth.y * 100}%`,
                width: `${marks.mouth.w * 100}%`,
              }}
            />
            {MARK_NAMES.map((name) => {
              const at = marks[name]
              return (
                <button
                  key={name}
                  type="button"
                  className={`studio-face-mark studio-face-mark--${name}`}
                  style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }}
                  aria-label={s.position(label(name), Math.round(at.x * 100), Math.round(at.y * 100))}
                  disabled={pending}
                  onPointerDown={onPointerDown(name)}
                  onPointerMove={onPointerMove(name)}
                  onPointerUp={() => setDragging(null)}
                  onPointerCancel={() => setDragging(null)}
                  onKeyDown={onKeyDown(name)}
                >
                  <span aria-hidden="true">{name === 'mouth' ? '◡' : '●'}</span>
                </button>
              )
            })}
          </div>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor="face-mouth-width" size="2">
              {s.mouthWidth}
            </Text>
            <input
              id="face-mouth-width"
              type="range"
              min={0.05}
              max={0.5}
              step={0.01}
              value={marks.mouth.w}
              disabled={pending}
              onChange={(e) => setMarks((m) => withMouthWidth(m, Number(e.target.value)))}
            />
          </Flex>
          {aFace ? null : (
            <Text size="2" color="red" role="alert">
              {s.notAFace}
            </Text>
          )}
          <Flex gap="3" justify="end" wrap="wrap">
            {settings.faceMarks ? (
              <Button
                type="button"
                variant="soft"
                color="red"
                disabled={pending}
                onClick={() => void save(null)}
              >
                {s.remove}
              </Button>
            ) : null}
            <Button type="button" variant="soft" color="gray" disabled={pending} onClick={onClose}>
              {s.cancel}
            </Button>
            <Button type="button" loading={pending} disabled={!aFace} onClick={() => void save(marks)}>
              {pending ? s.saving : s.save}
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
