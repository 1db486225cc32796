import type {
  AdminOrderDetail,
  AdminProduct,
  AuditEntry,
  adminCustomerSchema,
  adminKeySchema,
  adminOrderStatuses,
  adminOrderSummarySchema,
  CancelOrderResult,
  CreateProductInput,
  Dashboard,
  ImportKeysResult,
  invalidKeyReasons,
  keyStatusValues,
  revealedKeySchema,
  suspendResultSchema,
  UpdateProductInput,
} from '@keyland/core/schemas/admin';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#src/lib/api-client.ts';
import { catalogueQueryKey } from '#src/lib/query-keys.ts';
import type { OrderFilters } from './admin-orders-api.ts';

/*
 * The admin back office calls (`/api/admin/*`, apps/server/src/modules/admin): what every call shares,
 * the dashboard, products, keys and the audit log (orders and customers have a file each). Only the TYPES of the zod
 * schemas are imported, so that zod stays out of the browser bundle.
 */

export type {
  AdminOrderDetail,
  AdminProduct,
  AuditEntry,
  CancelOrderResult,
  CreateProductInput,
  Dashboard,
  ImportKeysResult,
  UpdateProductInput,
};
export type AdminKey = z.infer<typeof adminKeySchema>;
export type KeyStatus = (typeof keyStatusValues)[number];
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export type RevealedKey = z.infer<typeof revealedKeySchema>;
export type SuspendResult = z.infer<typeof suspendResultSchema>;
export type InvalidKeyReason = (typeof invalidKeyReasons)[number];

export interface Page<T> {
  items: T[];
  total: number;
}

/** Rows per page of every admin table (the server's default page). */
export const ADMIN_PAGE_SIZE = 25;
/** The server's key import limits (packages/core/src/schemas/admin.ts), repeated here to keep zod out. */
export const KEY_IMPORT_MAX_LINES = 20_000;
export const KEY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  products: () => [...adminKeys.all, 'products'] as const,
  productList: (q: string, page: number) => [...adminKeys.products(), 'list', q, page] as const,
  product: (id: number) => [...adminKeys.products(), 'one', id] as const,
  keys: (id: number, status: string, page: number) => [...adminKeys.all, 'keys', id, status, page] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  orderList: (filters: OrderFilters, page: number) => [...adminKeys.orders(), 'list', filters, page] as const,
  order: (id: number) => [...adminKeys.orders(), 'one', id] as const,
  customers: () => [...adminKeys.all, 'customers'] as const,
  customerList: (q: string, page: number) => [...adminKeys.customers(), q, page] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
  platforms: () => [...adminKeys.all, 'platforms'] as const,
};

/** The public catalogue and product pages show what the admin changed (stock, price, hidden). */
function invalidatePublicCatalogue(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['product'] });
}

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** A read of `path` that is always taken fresh from the server (the back office shows what is now). */
export function freshQueryOptions<Data>(queryKey: QueryKey, path: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<Data>(path, { signal }),
    staleTime: 0,
  });
}

/**
 * One page of a list the server pages, read fresh with the list's filters (`filters`); the page shown
 * stays while the next one loads.
 */
export function pageQueryOptions<Item>(
  queryKey: QueryKey,
  path: string,
  filters: Record<string, string | number | undefined>,
  page: number,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api.get<Page<Item>>(
        `${path}${queryString({ ...filters, offset: offsetOf(page), limit: ADMIN_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

// ---------- dashboard ----------

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => api.get<Dashboard>('/api/admin/dashboard?days=30', { signal }),
    staleTime: 30_000,
  });
}

export const useDashboard = () => useQuery(dashboardQueryOptions());

// ---------- products ----------

export const productsQueryOptions = (q: string, page: number) =>
  pageQueryOptions<AdminProduct>(adminKeys.productList(q, page), '/api/admin/products', { q }, page);

export const useAdminProducts = (q: string, page: number) => useQuery(productsQueryOptions(q, page));

export const productQueryOptions = (id: number) =>
  freshQueryOptions<AdminProduct>(adminKeys.product(id), `/api/admin/products/${id}`);

export const useAdminProduct = (id: number) => useQuery(productQueryOptions(id));

/** The games whose title matches `q` (first page of the products list), for a discount's games; idle while `q` is empty. */
export const useGameSearch = (q: string) => useQuery({ ...productsQueryOptions(q, 1), enabled: q !== '' });

/** The platforms present in the catalogue (`get_platforms`), for a platform-wide discount. */
export const useCataloguePlatforms = () =>
  useQuery({
    queryKey: adminKeys.platforms(),
    queryFn: ({ signal }) => api.post<string[]>('/api/kl_api/get_platforms', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

/** After a product changes: its own cache entry is replaced and every list is read again. */
function useProductSaved() {
  const queryClient = useQueryClient();
  return (product: AdminProduct) => {
    queryClient.setQueryData(adminKeys.product(product.id), product);
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.products(), 'list'] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    invalidatePublicCatalogue(queryClient);
  };
}

export function useCreateProduct() {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: (input: CreateProductInput) => api.post<AdminProduct>('/api/admin/products', input),
    onSuccess: saved,
  });
}

export function useUpdateProduct(id: number) {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: (input: UpdateProductInput) => api.patch<AdminProduct>(`/api/admin/products/${id}`, input),
    onSuccess: saved,
  });
}

export function useSetHidden(id: number) {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: (hidden: boolean) =>
      api.post<AdminProduct>(`/api/admin/products/${id}/${hidden ? 'hide' : 'unhide'}`),
    onSuccess: saved,
  });
}

// ---------- keys ----------

export const keysQueryOptions = (id: number, status: KeyStatus | '', page: number) =>
  pageQueryOptions<AdminKey>(
    adminKeys.keys(id, status, page),
    `/api/admin/products/${id}/keys`,
    { status },
    page,
  );

export const useProductKeys = (id: number, status: KeyStatus | '', page: number) =>
  useQuery(keysQueryOptions(id, status, page));

export function useImportKeys(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<ImportKeysResult>(`/api/admin/products/${id}/keys`, { text }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'keys', id] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.products() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      invalidatePublicCatalogue(queryClient);
    },
  });
}

export function useRevealKey() {
  return useMutation({
    mutationFn: (keyId: number) => api.post<RevealedKey>(`/api/admin/keys/${keyId}/reveal`),
  });
}

// ---------- audit ----------

export const auditQueryOptions = (page: number) =>
  pageQueryOptions<AuditEntry>(adminKeys.audit(page), '/api/admin/audit', {}, page);

export const useAuditLog = (page: number) => useQuery(auditQueryOptions(page));
