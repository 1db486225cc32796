import {
  BadgeAlert,
  CalendarClock,
  ClipboardList,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Package,
  ShieldAlert,
  ShieldCheck,
  Tag,
  TicketPercent,
  Truck,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { adminPaths } from '#src/features/admin/paths.ts';
import { cn } from '#src/lib/cn.ts';

const sections: {
  key:
    | 'dashboard'
    | 'products'
    | 'orders'
    | 'review'
    | 'claims'
    | 'support'
    | 'customers'
    | 'audit'
    | 'security';
  href: string;
  icon: LucideIcon;
  end?: boolean;
}[] = [
  { key: 'dashboard', href: adminPaths.dashboard, icon: LayoutDashboard, end: true },
  { key: 'products', href: adminPaths.products, icon: Package },
  { key: 'orders', href: adminPaths.orders, icon: ClipboardList },
  { key: 'review', href: adminPaths.review, icon: ShieldAlert },
  { key: 'claims', href: adminPaths.claims, icon: BadgeAlert },
  { key: 'support', href: adminPaths.support, icon: LifeBuoy },
  { key: 'customers', href: adminPaths.customers, icon: Users },
  { key: 'audit', href: adminPaths.audit, icon: ShieldCheck },
  { key: 'security', href: adminPaths.security, icon: KeyRound },
];

/** Sections whose texts have a translation section of their own (promotions, coupons, the supplier screen). */
const featureSections = [
  { label: 'promotions.nav', href: adminPaths.promotions, icon: Tag },
  { label: 'coupons.nav', href: adminPaths.coupons, icon: TicketPercent },
  { label: 'supplier.nav', href: adminPaths.supplier, icon: Truck },
  { label: 'admin.preorders.nav', href: adminPaths.preorders, icon: CalendarClock },
] as const;

/** One section of the navigation: a tab on phones, a side link on wide screens. */
function SectionLink({
  href,
  icon: Icon,
  end,
  children,
}: {
  href: string;
  icon: LucideIcon;
  end?: boolean | undefined;
  children: ReactNode;
}): ReactNode {
  return (
    <li className="shrink-0">
      <NavLink
        to={href}
        end={end}
        className={({ isActive }) =>
          cn(
            'flex min-h-11 items-center gap-2.5 px-3 text-sm font-medium whitespace-nowrap transition-colors',
            'border-b-2 md:rounded-lg md:border-b-0',
            isActive
              ? 'border-brand text-ink md:bg-brand-soft md:text-brand-strong'
              : 'border-transparent text-ink-muted hover:text-ink md:hover:bg-raised',
          )
        }
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {children}
      </NavLink>
    </li>
  );
}

/**
 * The admin area: a side navigation on wide screens, a row of tabs that scrolls sideways on phones, and
 * the section's screen next to it.
 */
export function AdminLayout(): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 pb-28 sm:px-6 md:flex-row md:gap-8 md:py-8">
      <nav aria-label={t('admin.nav.label')} className="md:w-52 md:shrink-0">
        <p className="mb-3 hidden px-3 text-xs font-semibold tracking-wide text-ink-faint uppercase md:block">
          {t('admin.title')}
        </p>
        <ul className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 pb-px md:sticky md:top-20 md:mx-0 md:flex-col md:overflow-visible md:border-0 md:px-0">
          {sections.map(({ key, href, icon, end }) => (
            <SectionLink key={key} href={href} icon={icon} end={end}>
              {key === 'security' || key === 'claims' || key === 'support'
                ? t(`admin.${key}.nav`)
                : t(`admin.nav.${key}`)}
            </SectionLink>
          ))}
          {featureSections.map(({ label, href, icon }) => (
            <SectionLink key={href} href={href} icon={icon}>
              {t(label)}
            </SectionLink>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
      <PageNotices />
    </div>
  );
}
