// The one module features import storage keys from; the names themselves live in the shared contract.
export {
  isKnownStorageKey,
  type StorageKey,
  storageKeys,
} from '../../../contract/storage'
