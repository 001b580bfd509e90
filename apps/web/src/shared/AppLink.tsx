/**
 * Router links without React Router's per-link work. Its <Link> runs about ten hooks per link
 * (resolving the href, the click handler, prefetch state): on a phone's order list its 31 links
 * took more of the render than any component of ours (~10 ms of ~80 on a fast machine). AppLink
 * renders a plain <a href> marked as the router's, and one click listener for the whole document
 * (LinkClicks, mounted once inside the router) follows such a link inside the app on a plain left
 * click, as Link does. Anything Link does beyond that (a relative or object `to`, state, replace,
 * a target...) still gets React Router's Link.
 */
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { Link, useNavigate, type LinkProps } from 'react-router';

const ROUTER_LINK = 'data-router-link';
/** Link's props that AppLink leaves to React Router's Link. */
const ROUTER_ONLY = ['state', 'replace', 'reloadDocument', 'relative', 'preventScrollReset', 'viewTransition', 'discover', 'prefetch', 'target'] as const;

export function AppLink(props: LinkProps) {
  const { to, ...rest } = props;
  const plain = typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && ROUTER_ONLY.every((name) => rest[name] === undefined);
  if (!plain) return <Link {...props} />;
  return <a {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)} href={to} {...{ [ROUTER_LINK]: '' }} />;
}

/** Follows AppLinks inside the app: a plain left click that nothing else handled, as React Router's Link does. */
export function LinkClicks(): null {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${ROUTER_LINK}]`) : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      event.preventDefault();
      const href = link.getAttribute('href')!;
      // Like Link: opening the page already shown replaces its history entry instead of adding one.
      navigate(href, { replace: href === window.location.pathname + window.location.search + window.location.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
