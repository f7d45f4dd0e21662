import { useEffect } from 'react'
import { PRODUCT_NAME } from '../../../contract/product'

/** '{page} | Likeness', or just the product name when the page has no title of its own yet. */
export const documentTitle = (page?: string | null) => (page ? `${page} | ${PRODUCT_NAME}` : PRODUCT_NAME)

export function useDocumentTitle(page?: string | null) {
  useEffect(() => {
    document.title = documentTitle(page)
  }, [page])
}
