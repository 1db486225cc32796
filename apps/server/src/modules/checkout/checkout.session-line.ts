/**
 * A line as the payment page shows it: a coupon's share that does not divide evenly between the keys is
 * charged as one line of the whole quantity, so the page's total is the order's to the cent.
 */
export function sessionLine(l: {
  line: { title: string };
  unitCents: number;
  quantity: number;
  totalCents: number;
}) {
  if (l.totalCents % l.quantity === 0)
    return { title: l.line.title, unitAmountCents: l.totalCents / l.quantity, quantity: l.quantity };
  return { title: `${l.line.title} × ${l.quantity}`, unitAmountCents: l.totalCents, quantity: 1 };
}
