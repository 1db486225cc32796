/** What a customer did with a delivered key in their history: showed, copied, or (a key delivered as a picture) downloaded it. */
export const keyAccessActions = ['reveal', 'copy', 'download'] as const;
export type KeyAccessAction = (typeof keyAccessActions)[number];
