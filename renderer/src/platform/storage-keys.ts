// The one module features import storage keys from; the names themselves live in the shared contract.
export {
  isKnownStorageKey,
  PRODUCT_ID,
  PRODUCT_NAME,
  type StorageKey,
  storageKeys,
} from '../../../contract/storage'
