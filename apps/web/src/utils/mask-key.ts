/** How a hidden activation key looks: always 14 dots, whatever the key's length (spec section 9). */
export const MASKED_KEY = '•'.repeat(14);

export function displayKey(key: string, revealed: boolean): string {
  return revealed ? key : MASKED_KEY;
}
