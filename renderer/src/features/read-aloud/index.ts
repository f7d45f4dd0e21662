export { ReadAloudButton } from './ReadAloudButton'
export { useStopReadAloudOnLeave } from './read-aloud.store'
