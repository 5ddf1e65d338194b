import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'mcptest: hosted testing for MCP servers',
  description:
    'Write YAML test suites for your Model Context Protocol server and run them on demand, on a schedule or from CI, ' +
    'under a per-tenant execution safety policy.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
