import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';

/** In place of an image that could not be loaded: an icon, named by the image's text alternative. */
export function MissingImage({ alt }: { alt: string }): ReactNode {
  return (
    <div role="img" aria-label={alt} className="grid size-full place-items-center text-ink-faint">
      <ImageOff aria-hidden="true" className="size-10" strokeWidth={1.5} />
    </div>
  );
}
