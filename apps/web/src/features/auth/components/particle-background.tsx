import { lazy, type ReactNode, Suspense } from 'react';

const ParticleCanvas = lazy(() => import('./particle-canvas.tsx'));

/** The login screen's green particle field, fetched as its own chunk after the form is on screen. */
export function ParticleBackground(): ReactNode {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-brand-soft),transparent_60%)]" />
      <Suspense fallback={null}>
        <ParticleCanvas />
      </Suspense>
    </div>
  );
}
