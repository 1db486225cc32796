import { afterEach, describe, expect, it } from 'vitest';
import { focusField } from './form-controls.tsx';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe('focusField', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focuses an element that is rendered only after the next frame', async () => {
    focusField('late-button');
    await nextFrame();
    await nextFrame();
    // React committed the state change that shows the element a couple of frames late.
    const button = document.createElement('button');
    button.id = 'late-button';
    document.body.append(button);
    for (let frame = 0; frame < 5 && document.activeElement !== button; frame++) await nextFrame();
    expect(document.activeElement).toBe(button);
  });

  it('focuses an element already on the page, and gives up quietly on one that never comes', async () => {
    const input = document.createElement('input');
    input.id = 'present';
    document.body.append(input);
    focusField('present');
    focusField('never-there');
    for (let frame = 0; frame < 12; frame++) await nextFrame();
    expect(document.activeElement).toBe(input);
  });
});
