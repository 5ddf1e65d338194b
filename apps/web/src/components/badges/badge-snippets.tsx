'use client';
import { useId, useState } from 'react';
import { CopyButton } from '../copy-button';

const STYLES = ['flat', 'flat-square', 'for-the-badge'] as const;

/**
 * Embed snippets for a status badge (Markdown and HTML, and the shields.io endpoint URL), with a live preview that
 * follows the chosen style. The badge URLs are public but unguessable; `linkUrl` is where a click on the badge goes.
 */
export function BadgeSnippets({
  svgUrl,
  jsonUrl,
  linkUrl,
  label,
  previewVersion,
}: {
  svgUrl: string;
  jsonUrl: string;
  linkUrl: string;
  label: string;
  /**
   * Changes when the verdict may have: added to the preview's URL only, so the browser does not show a copy it cached
   * (badges are served with max-age=60) next to a newer run. The snippets never carry it.
   */
  previewVersion?: string;
}) {
  const id = useId();
  const [style, setStyle] = useState<(typeof STYLES)[number]>('flat');
  const src = style === 'flat' ? svgUrl : `${svgUrl}${svgUrl.includes('?') ? '&' : '?'}style=${style}`;
  const markdown = `[![${label}](${src})](${linkUrl})`;
  const html = `<a href="${linkUrl}"><img src="${src}" alt="${label}"></a>`;
  const preview = previewVersion
    ? `${src}${src.includes('?') ? '&' : '?'}v=${encodeURIComponent(previewVersion)}`
    : src;
  const shields = `https://img.shields.io/endpoint?url=${encodeURIComponent(jsonUrl)}`;
  return (
    <section className="badge-snippets" aria-label={`Badge for ${label}`}>
      <div className="badge-preview">
        <img src={preview} alt={`${label} status badge preview`} />
        <label htmlFor={`${id}-style`}>Style</label>
        <select
          id={`${id}-style`}
          value={style}
          onChange={(event) => setStyle(event.target.value as (typeof STYLES)[number])}
        >
          {STYLES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {[
        ['Markdown', markdown],
        ['HTML', html],
        ['shields.io endpoint', shields],
      ].map(([name, text]) => (
        <div key={name} className="snippet">
          <span className="snippet-label">{name}</span>
          {/* Scrolls sideways: focusable and named, so keyboard users can scroll it (scrollable-region-focusable). */}
          <code tabIndex={0} role="group" aria-label={`${name} snippet`}>
            {text}
          </code>
          <CopyButton text={text!} label={`Copy ${name}`} name={`Copy ${name} for ${label}`} />
        </div>
      ))}
    </section>
  );
}
