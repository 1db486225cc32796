import { ChevronDown, LoaderCircle, TicketPercent } from 'lucide-react';
import { type FormEvent, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { controlA11y, controlClasses, Field } from '#src/components/ui/form-controls.tsx';
import { useApplyCoupon } from '#src/features/cart/api/coupon.ts';
import { couponErrorMessage } from '#src/features/cart/utils/coupon-texts.ts';
import { cn } from '#src/lib/cn.ts';

/** The longest code the server takes. */
const CODE_MAX_LENGTH = 40;

/**
 * "Have a coupon code?": a disclosure opening a labelled field with its Apply button (Enter applies).
 * A refused code keeps its text, with the reason under the field in the interface language.
 */
export function CouponForm({
  toggleRef,
  onSubmitted,
}: {
  /** The disclosure's button, where the focus comes back after the coupon is removed. */
  toggleRef: Ref<HTMLButtonElement>;
  /** A code was sent to the server. */
  onSubmitted: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const apply = useApplyCoupon();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const fieldId = `${id}-code`;
  const error = empty ? t('coupon.empty') : apply.isError ? couponErrorMessage(apply.error, t) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    const trimmed = code.trim();
    setEmpty(trimmed === '');
    if (trimmed === '') {
      apply.reset();
      return;
    }
    onSubmitted();
    apply.mutate(trimmed);
  };

  return (
    <div data-testid="coupon-form" className="flex flex-col">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((value) => !value)}
        className="-mx-1 inline-flex min-h-9 items-center gap-2 self-start rounded-md px-1 text-sm font-semibold text-brand-strong hover:text-brand"
      >
        <TicketPercent aria-hidden="true" className="size-4 shrink-0" />
        {t('coupon.toggle')}
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'size-4 shrink-0 transition-transform motion-reduce:transition-none',
            open && 'rotate-180',
          )}
        />
      </button>
      <form id={`${id}-form`} hidden={!open} noValidate onSubmit={submit} className="mt-1">
        <Field id={fieldId} label={t('coupon.label')} error={error}>
          <div className="flex gap-2">
            <input
              type="text"
              name="coupon"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              maxLength={CODE_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              className={cn(controlClasses, 'min-w-0 flex-1 uppercase placeholder:normal-case')}
              {...controlA11y(fieldId, { error })}
            />
            <Button type="submit" variant="secondary" aria-disabled={apply.isPending || undefined}>
              {apply.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  {t('coupon.applying')}
                </>
              ) : (
                t('coupon.apply')
              )}
            </Button>
          </div>
        </Field>
      </form>
    </div>
  );
}
