/**
 * layoutPart: a part fetched once for the screens that show it, rendered at once (no fallback)
 * when preloaded before its page renders, and asked for again after a failed download.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutPart } from './layoutPart';

function Tabs({ label }: { label: string }) {
  return createElement('nav', { 'aria-label': label }, 'tabs');
}

describe('layoutPart', () => {
  it('fetches its chunk once however often it is preloaded', async () => {
    let loads = 0;
    const part = layoutPart(async () => { loads += 1; return Tabs; });
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(loads).toBe(1);
  });

  it('renders the part itself, not its fallback, once preloaded', async () => {
    const part = layoutPart(async () => Tabs);
    await part.preload();
    const html = renderToStaticMarkup(createElement(part.Part, { label: 'Status', fallback: createElement('p', null, 'loading') }));
    expect(html).toBe('<nav aria-label="Status">tabs</nav>');
  });

  it('shows the fallback while the part is not in yet', () => {
    const part = layoutPart(() => new Promise<ComponentType<{ label: string }>>(() => {}));
    const html = renderToStaticMarkup(createElement(part.Part, { label: 'Status', fallback: createElement('p', null, 'loading') }));
    expect(html).toBe('<p>loading</p>');
  });

  it('asks again after a failed download', async () => {
    let loads = 0;
    const part = layoutPart(async () => {
      loads += 1;
      if (loads === 1) throw new Error('network');
      return Tabs;
    });
    await expect(part.preload()).rejects.toThrow('network');
    await part.preload();
    expect(loads).toBe(2);
    expect(renderToStaticMarkup(createElement(part.Part, { label: 'Status' }))).toBe('<nav aria-label="Status">tabs</nav>');
  });
});
