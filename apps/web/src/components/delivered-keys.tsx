import type { ReactNode } from 'react';
import { RedemptionHelp } from '#src/components/redemption-help.tsx';
import { ActivationKey } from '#src/components/ui/activation-key.tsx';

/** A key shown in full once delivered: its game, platform and code. */
export interface DeliveredKey {
  code: string;
  title: string;
  platform?: string | null | undefined;
}

/** The items of a list of delivered keys (the success page's, the gift page's), each with its copy button. */
export function DeliveredKeyItems({
  keys,
  testId,
}: {
  keys: readonly DeliveredKey[];
  testId: string;
}): ReactNode {
  return keys.map((key) => (
    <li key={key.code} data-testid={testId} className="flex flex-col gap-2 py-4">
      <p className="font-semibold text-ink">
        {key.title}
        {key.platform ? (
          <span className="ml-2 text-sm font-normal text-ink-muted">{key.platform}</span>
        ) : null}
      </p>
      <ActivationKey code={key.code} title={key.title} maskable={false} />
    </li>
  ));
}

/** "How to redeem" once per game among the keys (several keys of one game share it). */
export function RedemptionHelpList({
  keys,
  className,
}: {
  keys: readonly DeliveredKey[];
  className?: string;
}): ReactNode {
  const games = [...new Map(keys.map((key) => [`${key.title}\u0000${key.platform ?? ''}`, key])).values()];
  return (
    <div className={className ?? 'flex flex-col gap-2'}>
      {games.map((game) => (
        <RedemptionHelp
          key={`${game.title}-${game.platform}`}
          platform={game.platform ?? ''}
          title={game.title}
        />
      ))}
    </div>
  );
}
