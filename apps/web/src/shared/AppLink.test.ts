/**
 * AppLink: a plain <a href> marked for the document's click listener (LinkClicks) where React
 * Router's Link would only resolve an absolute path; Link itself for anything else it does.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink } from './AppLink';

const render = (props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: ['/item/desk'] }, createElement(AppLink, props as never, 'Go')));

describe('AppLink', () => {
  it('renders an absolute path as a plain marked link with its attributes', () => {
    expect(render({ to: '/buyer/orders', className: 'c', 'aria-label': 'Orders', 'data-testid': 'x' }))
      .toBe('<a class="c" aria-label="Orders" data-testid="x" href="/buyer/orders" data-router-link="">Go</a>');
  });

  it("leaves relative and object paths, other sites, state, replace and targets to React Router's Link", () => {
    expect(render({ to: { hash: 'reviews' } })).toBe('<a href="/item/desk#reviews" data-discover="true">Go</a>');
    // Relative to the route it is in (here the root).
    expect(render({ to: 'reviews' })).toBe('<a href="/reviews" data-discover="true">Go</a>');
    expect(render({ to: '//other.example/x' })).not.toContain('data-router-link');
    for (const extra of [{ state: { from: 'cart' } }, { replace: true }, { target: '_blank' }, { reloadDocument: true }]) {
      expect(render({ to: '/cart', ...extra }), JSON.stringify(extra)).not.toContain('data-router-link');
    }
  });
});
