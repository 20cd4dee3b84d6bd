/**
 * src/early-input.ts on an islands page (src/app/islands.tsx): a press is held only in an island not
 * hydrated yet (a hydrated one is React's; the rest of the page is plain markup), and each island
 * takes its own presses when it hydrates (app/early-input.ts, takeEarlyInputWithin); until what was
 * typed in it is handed over to React, its input is kept from React (ISLAND.handingOver).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { takeEarlyInputWithin } from '../src/app/early-input.ts';

beforeAll(async () => {
  await import('../src/early-input.ts');
});

function click(element: Element): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  element.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('early input on an islands page', () => {
  it('holds presses in islands not hydrated yet, each taken by its own island', () => {
    document.body.innerHTML = `
      <div id="root" data-islands="">
        <div data-island="header" style="display:contents"><button id="menu" type="button">Menu</button></div>
        <main><button id="static" type="button">Static</button></main>
        <div data-island="product" style="display:contents"><button id="like" type="button">Like</button></div>
        <div data-island="newsletter" data-island-hydrated="" style="display:contents"><button id="send" type="button">Send</button></div>
      </div>`;
    const input = window.__storefrontEarlyInput!;
    input.presses.length = 0;
    const [menu, staticButton, like, send] = ['menu', 'static', 'like', 'send'].map((id) =>
      document.getElementById(id)!,
    );
    expect(click(menu!)).toBe(true);
    expect(click(like!)).toBe(true);
    // A hydrated island's press is React's; outside the islands nothing would ever take it.
    expect(click(send!)).toBe(false);
    expect(click(staticButton!)).toBe(false);
    expect(input.presses.map((press) => press.target.id)).toEqual(['menu', 'like']);

    const header = document.querySelector('[data-island="header"]')!;
    expect(takeEarlyInputWithin(header).map((press) => press.target.id)).toEqual(['menu']);
    // The other island's press waits for it, and the recording goes on.
    expect(input.active).toBe(true);
    expect(input.presses.map((press) => press.target.id)).toEqual(['like']);
  });

  it('an island being handed over to React: its presses are held and its clicks, sends and typing kept from React', () => {
    document.body.innerHTML = `
      <div id="root" data-islands="">
        <div data-island="auth" data-island-hydrated="" data-island-handing-over="" style="display:contents">
          <form><input id="phone"><button id="send" type="submit">Send</button><button id="tab" type="button">Tab</button></form>
        </div>
      </div>`;
    const input = window.__storefrontEarlyInput!;
    input.presses.length = 0;
    const island = document.querySelector<HTMLElement>('[data-island="auth"]')!;
    // What React would see: its listeners are on the island's element (hydrateRoot's container).
    const seen: string[] = [];
    for (const type of ['click', 'submit', 'input', 'change'])
      island.addEventListener(type, (event) => seen.push(`${type}:${(event.target as Element).id}`));
    const phone = document.getElementById('phone') as HTMLInputElement;
    phone.value = '09121234567';
    phone.dispatchEvent(new Event('input', { bubbles: true }));
    phone.dispatchEvent(new Event('change', { bubbles: true }));
    expect(click(document.getElementById('tab')!)).toBe(true);
    document.querySelector('form')!.requestSubmit(document.getElementById('send'));
    expect(seen).toEqual([]);
    expect(phone.value).toBe('09121234567');
    expect(input.presses.map((press) => press.kind)).toEqual(['click', 'submit']);

    // Handed over: React takes the island's input itself.
    island.removeAttribute('data-island-handing-over');
    input.presses.length = 0;
    phone.dispatchEvent(new Event('input', { bubbles: true }));
    expect(click(document.getElementById('tab')!)).toBe(false);
    expect(seen).toEqual(['input:phone', 'click:tab']);
    expect(input.presses).toEqual([]);
  });

  it('in the app, every press in the root is held until the app takes them', () => {
    document.body.innerHTML = `<div id="root"><main><button id="b" type="button">B</button></main></div>`;
    window.__storefrontEarlyInput!.presses.length = 0;
    expect(click(document.getElementById('b')!)).toBe(true);
  });
});
