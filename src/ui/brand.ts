/** The product name shown in the UI. */
export const PRODUCT_NAME = 'Keyloft';
