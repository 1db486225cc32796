import type { PreorderObligation, PreorderObligations } from '@keyland/core/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { adminKeys, freshQueryOptions } from './admin-api.ts';

/**
 * The pre-orders (`/api/admin/preorders`): each game on pre-order or with paid pre-orders waiting, the
 * keys owed against the keys set aside. Types only from zod.
 */

export type { PreorderObligation, PreorderObligations };

export const preorderKeys = { obligations: () => [...adminKeys.all, 'preorders'] as const };

export const preorderObligationsQueryOptions = () =>
  freshQueryOptions<PreorderObligations>(preorderKeys.obligations(), '/api/admin/preorders');

/** The obligations, the earliest delivery first (as the server sends them). */
export const usePreorderObligations = () => useQuery(preorderObligationsQueryOptions());
