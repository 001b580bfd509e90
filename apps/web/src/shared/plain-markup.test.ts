/**
 * The plain components render the markup of the Mantine components they stand in for (same
 * elements, classes, data attributes and style declarations), under the app's theme: React's
 * server renderer draws both, and attribute, class and declaration order are ignored.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Alert, Badge, Button, Card, Center, Container, Group, Image, Loader, MantineProvider, Paper, Radio, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { PlainAlert, PlainBadge, PlainButton, PlainButtonLink, PlainCard, PlainContainer, PlainGroup, PlainImage, PlainLoading, PlainRadioIndicator, PlainSection, PlainSkeleton, PlainStack, PlainStepper, PlainText, PlainTitle, spacing } from './plain';

/** createElement without its per-component prop types (Mantine's polymorphic components defeat them); the markup is what is checked. */
const h = createElement as unknown as (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => ReactElement;

/**
 * The markup with each tag's attributes sorted, its classes and style declarations too; Mantine's
 * <style> and preload tags dropped. A router link is marked as one differently by React Router's
 * Link (`data-discover`) and by AppLink (`data-router-link`, which its document click listener follows).
 */
function normalized(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>|<link [^>]*>/g, '')
    .replace(/ data-discover="true"| data-router-link=""/g, ' data-router-link')
    .replace(/<(\w+)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_, tag: string, attrs: string, close: string) => {
      const list = [...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value = '']) => {
        if (name === 'class') value = value.split(/\s+/).filter(Boolean).sort().join(' ');
        if (name === 'style') value = value.split(';').map((d) => d.trim()).filter(Boolean).sort().join(';');
        return `${name}="${value}"`;
      }).filter((a) => a !== 'class=""').sort();
      return `<${[tag, ...list].join(' ')}${close}>`;
    });
}

const render = (element: ReactElement) => normalized(renderToStaticMarkup(
  h(MantineProvider, { theme }, h(MemoryRouter, null, element)),
));

describe("plain components draw Mantine's markup", () => {
  const cases: [string, ReactElement, ReactElement][] = [
    ['a page title', h(Title, { order: 1, size: 'h2' }, 'Desk'), h(PlainTitle, { order: 1, size: 'h2' }, 'Desk')],
    ['a section heading with an id', h(Title, { order: 2, size: 'h3', id: 'r', tabIndex: -1, className: 'k' }, 'Reviews'),
      h(PlainTitle, { order: 2, size: 'h3', id: 'r', tabIndex: -1, className: 'k' }, 'Reviews')],
    ['a light badge', h(Badge, { variant: 'light' }, 'Presale'), h(PlainBadge, { color: 'blue' }, 'Presale')],
    ['an outlined gray badge', h(Badge, { variant: 'outline', color: 'gray' }, 'B2C'), h(PlainBadge, { color: 'gray', variant: 'outline' }, 'B2C')],
    ['a filled extra small badge', h(Badge, { size: 'xs' }, 'Default'), h(PlainBadge, { variant: 'filled', size: 'xs' }, 'Default')],
    ['a form section with its heading', h(Paper, { withBorder: true, p: 'md', component: 'section', 'aria-label': 'Shipping', 'data-testid': 's' }, h(Title, { order: 2, size: 'h4', mb: 'sm' }, 'Shipping'), 'x'),
      h(PlainSection, { title: 'Shipping', 'data-testid': 's' }, 'x')],
    ['a light alert', h(Alert, { color: 'orange', py: 'xs', id: 'a', 'data-testid': 'countdown' }, 'Reserved'), h(PlainAlert, { color: 'orange', py: 'xs', id: 'a', 'data-testid': 'countdown' }, 'Reserved')],
    ['a checked radio picture', h(Radio.Indicator, { checked: true, size: 'sm', 'aria-hidden': true }), h(PlainRadioIndicator, { checked: true })],
    ['an unchecked radio picture', h(Radio.Indicator, { checked: false, size: 'sm', 'aria-hidden': true }), h(PlainRadioIndicator, { checked: false })],
    ['a bordered card as a button', h(Card, { withBorder: true, padding: 'sm', role: 'button', tabIndex: 0, style: { cursor: 'pointer' } }, h(Group, { gap: 'xs', wrap: 'nowrap' }, 'x')),
      h(PlainCard, { padding: 'sm', component: 'div', role: 'button', tabIndex: 0, style: { cursor: 'pointer' } }, h(PlainGroup, { gap: 'xs', wrap: 'nowrap' }, 'x'))],
    ['a large filled button', h(Button, { size: 'md', variant: 'filled', color: 'blue' }, 'Add'), h(PlainButton, { variant: 'filled', size: 'md' }, 'Add')],
    ['a large light button link', h(Button, { size: 'md', variant: 'light', component: Link, to: '/cart' }, 'Cart'),
      h(PlainButtonLink, { variant: 'light', size: 'md', to: '/cart' }, 'Cart')],
    ['a contained picture of a ratio', h(Image, { src: '/a.svg', alt: 'A', radius: 'md', fit: 'contain', style: { aspectRatio: '1 / 1' } }),
      h(PlainImage, { src: '/a.svg', alt: 'A', ratio: '1 / 1' })],
    ['a small skeleton', h(Skeleton, { h: 20, w: 180, radius: 'sm', 'aria-hidden': true }), h(PlainSkeleton, { height: 20, width: 180, radius: 'sm', 'aria-hidden': true })],
    ['a still skeleton of a percentage width', h(Skeleton, { h: 14, w: '40%', animate: false }), h(PlainSkeleton, { height: 14, width: '40%', animate: false })],
    ['a small gap stack', h(Stack, { gap: 6 }, 'x'), h(PlainStack, { gap: 6 }, 'x')],
    ...[0, 1, 2].map((active): [string, ReactElement, ReactElement] => [`a three-step progress at step ${active + 1}`,
      h(Stepper, { active, size: 'sm', mb: 'lg', allowNextStepsSelect: false }, ...['Fill', 'Pay', 'Done'].map((label) => h(Stepper.Step, { key: label, label }))),
      h(PlainStepper, { active, mb: 'lg', labels: ['Fill', 'Pay', 'Done'] })]),
    ['a full-width skeleton', h(Skeleton, { h: 280 }), h(PlainSkeleton, { height: 280 })],
    ['large bold text', h(Text, { fz: 28, fw: 700 }, '€1'), h(PlainText, { fw: 700, style: { fontSize: spacing(28) } }, '€1')],
    ['dimmed small text in a span', h(Text, { span: true, size: 'sm', c: 'dimmed' }, 'kg'), h(PlainText, { component: 'span', size: 'sm', c: 'dimmed' }, 'kg')],
    ['the page container', h(Container, { size: 'lg', py: 'md' }, 'x'), h(PlainContainer, { py: 'md' }, 'x')],
    ['a loading place', h(Center, { py: 'xl' }, h(Loader, { 'aria-label': 'Loading' })), h(PlainLoading, { label: 'Loading' })],
    ['a small loading place', h(Center, { py: 'sm' }, h(Loader, { size: 'sm', 'aria-label': 'Loading' })), h(PlainLoading, { label: 'Loading', size: 'sm', py: 'sm' })],
  ];
  it.each(cases)('%s', (_, mantine, plain) => {
    expect(render(plain)).toBe(render(mantine));
  });
});
