import type { ReactNode } from 'react';

const layouts = {
  /** One column on phones, each label beside its value from `sm` up (an order's cards). */
  page: {
    list: 'grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]',
    value: '-mt-2 min-w-0 break-words text-ink sm:mt-0',
  },
  /** The same, closer together (the facts of one dispute). */
  compact: {
    list: 'grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]',
    value: '-mt-1.5 min-w-0 break-words text-ink sm:mt-0',
  },
  /** Each label beside its value on every screen (a narrow side card). */
  side: {
    list: 'grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm',
    value: 'min-w-0 break-words text-ink',
  },
} as const;

/** Label/value rows, as a description list. */
export function FactRows({
  rows,
  layout,
}: {
  /** Each row's label (unique) and value. */
  rows: [string, ReactNode][];
  layout: keyof typeof layouts;
}): ReactNode {
  const classes = layouts[layout];
  return (
    <dl className={classes.list}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className={classes.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
