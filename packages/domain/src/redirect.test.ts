import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.js';

const origin = 'https://shop.example';
const go = (raw: string | null, allowedHosts: string[] = []) => safeRedirect(raw, { origin, allowedHosts });

describe('safeRedirect', () => {
  it('keeps paths of the shop (relative or absolute on its origin) as in-app paths', () => {
    expect(go('/buyer/orders?status=UN_PAID#top')).toEqual({ internal: true, url: '/buyer/orders?status=UN_PAID#top' });
    expect(go('https://shop.example/checkout')).toEqual({ internal: true, url: '/checkout' });
    expect(go('buyer/index')).toEqual({ internal: true, url: '/buyer/index' });
    // A same-scheme URL without slashes is relative to the shop (the browser reads it so too).
    expect(go('https:evil.example')).toEqual({ internal: true, url: '/evil.example' });
  });

  it('sends every other site home', () => {
    for (const raw of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'https://shop.example.evil.example/',
      'https://shop.example@evil.example/',
      'http://shop.example/',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@b.c',
    ])
      expect(go(raw), raw).toEqual({ internal: true, url: '/' });
  });

  it('empty or missing: the fallback', () => {
    expect(go(null)).toEqual({ internal: true, url: '/' });
    expect(go('  ')).toEqual({ internal: true, url: '/' });
    expect(safeRedirect(null, { origin, fallback: '/buyer/index' })).toEqual({ internal: true, url: '/buyer/index' });
  });

  it("allows https pages on a payment provider's configured host, nothing looser", () => {
    const hosts = ['pay.provider.example'];
    expect(go('https://pay.provider.example/session/1?x=1', hosts)).toEqual({
      internal: false,
      url: 'https://pay.provider.example/session/1?x=1',
    });
    expect(go('http://pay.provider.example/session/1', hosts)).toEqual({ internal: true, url: '/' });
    expect(go('https://evil.pay.provider.example/', hosts)).toEqual({ internal: true, url: '/' });
    expect(go('https://pay.provider.example.evil.example/', hosts)).toEqual({ internal: true, url: '/' });
    expect(go('https://user:pw@pay.provider.example/', hosts)).toEqual({ internal: true, url: '/' });
    expect(go('https://pay.provider.example/', [])).toEqual({ internal: true, url: '/' });
  });
});
