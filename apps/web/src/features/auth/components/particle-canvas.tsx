import { type ReactNode, useEffect, useRef } from 'react';

/** The login screen's decoration (spec section 2): 50 green particles of size 3. */
export const PARTICLE_COUNT = 50;
export const PARTICLE_SIZE = 3;
const LINK_DISTANCE = 130;
const SPEED = 0.35;
const GREEN = '34, 197, 94';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

function seed(width: number, height: number): Particle[] {
  return Array.from({ length: PARTICLE_COUNT }, () => {
    const angle = Math.random() * Math.PI * 2;
    const speed = SPEED * (0.4 + Math.random() * 0.6);
    return {
      x: Math.random() * width,
      y: Math.random() * height,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
    };
  });
}

function draw(context: CanvasRenderingContext2D, particles: Particle[], width: number, height: number) {
  context.clearRect(0, 0, width, height);
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i] as Particle;
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j] as Particle;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance < LINK_DISTANCE) {
        context.strokeStyle = `rgba(${GREEN}, ${0.22 * (1 - distance / LINK_DISTANCE)})`;
        context.lineWidth = 1;
        context.beginPath();
        context.moveTo(a.x, a.y);
        context.lineTo(b.x, b.y);
        context.stroke();
      }
    }
  }
  context.fillStyle = `rgba(${GREEN}, 0.75)`;
  for (const p of particles) {
    context.beginPath();
    context.arc(p.x, p.y, PARTICLE_SIZE / 2, 0, Math.PI * 2);
    context.fill();
  }
}

function step(particles: Particle[], width: number, height: number): void {
  for (const p of particles) {
    p.x += p.vx;
    p.y += p.vy;
    if (p.x < 0 || p.x > width) p.vx = -p.vx;
    if (p.y < 0 || p.y > height) p.vy = -p.vy;
    p.x = Math.min(Math.max(p.x, 0), width);
    p.y = Math.min(Math.max(p.y, 0), height);
  }
}

/**
 * The animated particle field, drawn on a canvas that fills its positioned parent (which hides it from
 * assistive technology: see ParticleBackground). It is decoration
 * only: hidden from assistive technology, never takes pointer events, and stands still for visitors who
 * prefer reduced motion. Loaded lazily so that it stays out of the main bundle.
 */
export default function ParticleCanvas(): ReactNode {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let frame = 0;

    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      const nextWidth = canvas.clientWidth;
      const nextHeight = canvas.clientHeight;
      if (nextWidth === 0 || nextHeight === 0) return;
      canvas.width = Math.round(nextWidth * ratio);
      canvas.height = Math.round(nextHeight * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (particles.length === 0) particles = seed(nextWidth, nextHeight);
      else
        for (const p of particles) {
          p.x = (p.x / (width || nextWidth)) * nextWidth;
          p.y = (p.y / (height || nextHeight)) * nextHeight;
        }
      width = nextWidth;
      height = nextHeight;
      draw(context, particles, width, height);
    };

    const tick = () => {
      step(particles, width, height);
      draw(context, particles, width, height);
      frame = requestAnimationFrame(tick);
    };

    const start = () => {
      cancelAnimationFrame(frame);
      if (motion.matches) draw(context, particles, width, height);
      else frame = requestAnimationFrame(tick);
    };

    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();
    start();
    motion.addEventListener('change', start);

    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      motion.removeEventListener('change', start);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      data-testid="particles"
      data-count={PARTICLE_COUNT}
      className="pointer-events-none absolute inset-0 size-full"
    />
  );
}
