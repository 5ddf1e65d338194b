'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The organization's main navigation; the current section is marked with aria-current for screen readers and CSS. */
export function NavLinks({ links }: { links: { href: string; label: string; exact?: boolean }[] }) {
  const pathname = usePathname();
  return (
    <ul className="nav-links">
      {links.map((link) => {
        const current = link.exact ? pathname === link.href : pathname.startsWith(link.href);
        return (
          <li key={link.href}>
            <Link href={link.href} aria-current={current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
