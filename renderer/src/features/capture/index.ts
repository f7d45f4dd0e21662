// The capture itself (machine, phone parsing, pill) is a lazy chunk: see use-capture.tsx.
export type { CaptureInput, CaptureView } from './capture.types'
export { useCapture } from './use-capture'
