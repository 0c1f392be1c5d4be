/** The order list's page size (docs/screens.md#order-list). */
export const contractPageSize = 20;
