/** The product's name as people read it (titles, mail, the desktop window). */
export const PRODUCT_NAME = 'Likeness'
/** The product's name as an identifier: the prefix of its local storage keys. */
export const PRODUCT_ID = 'likeness'
