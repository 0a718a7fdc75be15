'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FileCheck2, Menu, X } from 'lucide';
import Icon from './Icon';
import { site } from '../content/site';

interface NavItem {
  href: string;
  label: string;
  /** Plain <a>: a file outside the app (no client navigation, no prefetch). */
  plain?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/conformance-report.html', label: 'Conformance report', plain: true },
];

const MENU_ID = 'site-menu';

/**
 * Site header with the main navigation. Narrow screens: an icon button toggles a drop-down
 * list (aria-expanded / aria-controls; Escape closes it and returns focus to the button; it
 * closes on navigation; nothing is trapped). Wide screens: the list is shown inline and the
 * button is hidden by CSS.
 */
export default function Header() {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // Close on every navigation (including back/forward).
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (navRef.current && event.target instanceof Node && !navRef.current.contains(event.target)) {
        close(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  const isCurrent = (href: string) => href === pathname;

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link href="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            <Icon icon={FileCheck2} size={20} />
          </span>
          <span>{site.name}</span>
        </Link>
        <nav ref={navRef} className="site-nav" aria-label="Main">
          <button
            ref={buttonRef}
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <Icon icon={X} size={22} /> : <Icon icon={Menu} size={22} />}
            <span className="visually-hidden">Menu</span>
          </button>
          <ul id={MENU_ID} className="site-nav__list" data-open={open ? 'true' : 'false'}>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                {item.plain ? (
                  <a className="site-nav__link" href={item.href} onClick={() => setOpen(false)}>
                    {item.label}
                  </a>
                ) : (
                  <Link
                    className="site-nav__link"
                    href={item.href}
                    aria-current={isCurrent(item.href) ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
