/** The admin area's screens (all behind RequireAdmin, see app/router.tsx). */
export const adminPaths = {
  dashboard: '/admin',
  products: '/admin/products',
  newProduct: '/admin/products/new',
  product: (id: number) => `/admin/products/${id}`,
  orders: '/admin/orders',
  order: (id: number) => `/admin/orders/${id}`,
  review: '/admin/review',
  claims: '/admin/claims',
  customers: '/admin/customers',
  audit: '/admin/audit',
  security: '/admin/security',
  supplier: '/admin/supplier',
  support: '/admin/support',
  supportTicket: (id: number) => `/admin/support/${id}`,
} as const;
