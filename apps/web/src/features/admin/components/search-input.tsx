import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { controlClasses } from '#src/components/ui/form-controls.tsx';
import { cn } from '#src/lib/cn.ts';

/** The back office's search box: a search field with the magnifier inside, typed text kept by the caller. */
export function SearchInput({
  value,
  onValue,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
      />
      <input
        {...rest}
        type="search"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={cn(controlClasses, 'pl-9')}
        maxLength={200}
      />
    </div>
  );
}
