import { adminPagePaths } from '@keyland/core/pages';

/** The address of one record's screen: its pattern ('/admin/orders/:id') with the record's id in place. */
const withId = (pattern: string) => (id: number) => pattern.replace(':id', String(id));

/**
 * The admin area's screens (all behind RequireAdmin, see app/router.tsx), from the list the server shares
 * (@keyland/core/pages); a screen of one record takes its id.
 */
export const adminPaths = {
  ...adminPagePaths,
  product: withId(adminPagePaths.product),
  order: withId(adminPagePaths.order),
  supportTicket: withId(adminPagePaths.supportTicket),
  promotion: withId(adminPagePaths.promotion),
  coupon: withId(adminPagePaths.coupon),
} as const;
