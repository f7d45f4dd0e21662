export {
  ACCEPT_ATTRIBUTE,
  draftSendBlock,
  fileNameFromUrl,
  type SendBlock,
  sendBlockText,
} from './attachments'
export { DraftFileRow } from './DraftFileRow'
export {
  createDraftFiles,
  type DraftFile,
  type DraftFilesDeps,
  type FileRefusal,
  type TakenFiles,
} from './draft-files'
export { MessageFiles } from './MessageFiles'
export { uploadStrings } from './uploads.strings'
export { useFileAttach } from './use-file-attach'
