import type {
  CLAIM_NOTE_MAX,
  CreateKeyClaim,
  claimReasonValues,
  KeyClaim,
  SCREENSHOT_MAX_BYTES,
} from '@keyland/core/schemas/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { ordersBaseKey } from '#src/lib/query-keys.ts';

/**
 * Key claims (`POST /api/claims`): the customer reports that a delivered key does not work. The server
 * replaces it at once when it can (the answer's status is `replaced`), else a person checks it.
 * Types only from the zod schemas (the web bundle carries no zod).
 */

export type { CreateKeyClaim, KeyClaim };
export type ClaimReason = (typeof claimReasonValues)[number];
export type ClaimStatus = KeyClaim['status'];

/** Every reason of the schema (a missing or unknown one fails the type check), in the form's order. */
const everyReason: Record<ClaimReason, true> = {
  already_used: true,
  wrong_region: true,
  wrong_platform: true,
  invalid_format: true,
  other: true,
};
export const claimReasons = Object.keys(everyReason) as ClaimReason[];

/** The longest note the server keeps (its CLAIM_NOTE_MAX). */
export const CLAIM_NOTE_LIMIT: typeof CLAIM_NOTE_MAX = 1000;
/** The largest screenshot the server takes, in bytes (its SCREENSHOT_MAX_BYTES: 1 MiB). */
export const SCREENSHOT_LIMIT_BYTES: typeof SCREENSHOT_MAX_BYTES = 1024 * 1024;
/** The image types the server takes (it checks the bytes too). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Within how many hours a person checks a claim that was not replaced at once: the server's setting
 * (CLAIM_RESOLUTION_HOURS) as the history sends it with each order, or its default when absent.
 */
export const CLAIM_CHECK_HOURS = 72;

/**
 * Sends a claim. The history is read again as soon as it is accepted, so the order shows the claim (and,
 * when the key was replaced, the new key) behind the dialog's answer.
 */
export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: CreateKeyClaim) => api.post<KeyClaim>('/api/claims', claim),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersBaseKey });
    },
  });
}
