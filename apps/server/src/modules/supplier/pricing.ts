/** The pricing rule of supplier games. */
export interface PricingRule {
  /** Margin over the buying price, in percent (the selling price includes VAT). */
  marginPercent: number;
  /** Lowest selling price, in cents. */
  floorCents: number;
}

/**
 * Selling price in cents: buying price plus the margin, rounded up to the next .99, never below the floor.
 * 10.00 € at 25 % → 12.50 € → 12.99 €; 11.99 € stays 11.99 €.
 */
export function sellingCents(buyCents: number, rule: PricingRule): number {
  const raw = Math.ceil((buyCents * (100 + rule.marginPercent)) / 100 - 1e-9);
  const rounded = Math.ceil((raw + 1) / 100) * 100 - 1;
  return Math.max(rounded, rule.floorCents, 1);
}
