import { act, type ReactNode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ACTION, holdEarlyEvents } from './early-events.ts';

/** A form as a page the server rendered holds it: a field, a box and a button, all controlled by React. */
function Form({ onSend }: { onSend: (values: { name: string; agreed: boolean }) => void }): ReactNode {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  return (
    <form>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <input
        type="checkbox"
        aria-label="Agree"
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
      />
      <button type="button" onClick={() => onSend({ name, agreed })}>
        Send
      </button>
      <a href="/elsewhere" {...{ [APP_ACTION]: '' }} onClick={(event) => event.preventDefault()}>
        Enter
      </a>
    </form>
  );
}

const typeNatively = (field: HTMLInputElement, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('what a visitor does before the app takes the page over', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is given to the app once it runs: typed text, a ticked box, a pressed button', async () => {
    const onSend = vi.fn();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form onSend={onSend} />);
    document.body.append(root);
    const release = holdEarlyEvents(root);

    // Before the app: the browser alone answers.
    const name = root.querySelector<HTMLInputElement>('input[aria-label="Name"]') as HTMLInputElement;
    const box = root.querySelector<HTMLInputElement>('input[type="checkbox"]') as HTMLInputElement;
    typeNatively(name, 'Ana');
    box.click();
    const clicked = root
      .querySelector('button')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const followed = root
      .querySelector('a')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(clicked).toBe(false);
    expect(followed).toBe(false);

    let ready: () => void = () => {};
    await act(async () => {
      hydrateRoot(root, <Form onSend={onSend} />);
    });
    release(
      new Promise<void>((resolve) => {
        ready = resolve;
      }),
    );
    await act(async () => {
      ready();
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Ana', agreed: true });
  });

  it("lets links be followed when the app does not start, and leaves the page's own links alone", async () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="/plain">Plain</a><a href="#later" data-app-action="">App</a>';
    document.body.append(root);
    const release = holdEarlyEvents(root);
    const plain = root.querySelector('a[href="/plain"]') as HTMLAnchorElement;
    expect(plain.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
    const app = root.querySelector('a[data-app-action]') as HTMLAnchorElement;
    expect(app.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false);
    release(Promise.reject(new Error('the app did not load')));
    await vi.waitFor(() => expect(window.location.hash).toBe('#later'));
  });
});
