'use client';
import { useState } from 'react';

/** Copies `text` to the clipboard and says so (for tokens, secrets and embed snippets). */
export function CopyButton({ text, label = 'Copy', name }: { text: string; label?: string; name?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      // The visible word is short; `name` tells a screen reader which of several snippets it copies.
      aria-label={copied ? 'Copied' : name}
      // React does not wait for a handler; `copy` settles on its own and cannot reject (a refused clipboard is ignored).
      onClick={() => void copy()}
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}
