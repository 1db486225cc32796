import { z } from 'zod';

/** An empty variable (`NAME=`) counts as unset, so that its default applies. */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A URL, or unset when empty. */
export const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
