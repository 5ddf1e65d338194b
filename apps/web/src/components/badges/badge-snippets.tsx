'use client';
import { useId, useState } from 'react';
import { CopyButton } from '@/components/copy-button';

const STYLES = ['flat', 'flat-square', 'for-the-badge'] as const;
/** The select's value for "Another URL". */
const OWN = '';

/** `%XX` for one character (the few that end a Markdown link or an HTML attribute). */
function escape(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * Embed snippets for a status badge (Markdown and HTML, and the shields.io endpoint URL), with a live preview that
 * follows the chosen style. The badge URLs are public but unguessable; `linkUrl` is where a click on the badge goes.
 */
export function BadgeSnippets({
  svgUrl,
  jsonUrl,
  linkUrl,
  label,
  linkChoices,
  previewVersion,
}: {
  svgUrl: string;
  jsonUrl: string;
  linkUrl: string;
  label: string;
  /**
   * Places the badge may link to, chosen in a select (`linkUrl`, the default, should be one of them); "Another URL…"
   * lets the user type their own. Without it the badge always links to `linkUrl`.
   */
  linkChoices?: { label: string; url: string }[];
  /**
   * Changes when the verdict may have: added to the preview's URL only, so the browser does not show a copy it cached
   * (badges are served with max-age=60) next to a newer run. The snippets never carry it.
   */
  previewVersion?: string;
}) {
  const id = useId();
  const [style, setStyle] = useState<(typeof STYLES)[number]>('flat');
  const [linkChoice, setLinkChoice] = useState(linkUrl);
  const [ownUrl, setOwnUrl] = useState('');
  // Markdown and HTML break on some characters of a typed URL; encoded they stay one link.
  const link = linkChoice === OWN ? ownUrl.trim().replace(/[\s()"'<>]/g, escape) : linkChoice;
  const src = style === 'flat' ? svgUrl : `${svgUrl}${svgUrl.includes('?') ? '&' : '?'}style=${style}`;
  const markdown = `[![${label}](${src})](${link})`;
  const html = `<a href="${link}"><img src="${src}" alt="${label}"></a>`;
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
      {linkChoices ? (
        <div className="badge-link">
          <label htmlFor={`${id}-link`}>Badge links to</label>
          <select id={`${id}-link`} value={linkChoice} onChange={(event) => setLinkChoice(event.target.value)}>
            {linkChoices.map((choice) => (
              <option key={choice.url} value={choice.url}>
                {choice.label}
              </option>
            ))}
            <option value={OWN}>Another URL…</option>
          </select>
          {linkChoice === OWN ? (
            <>
              <label htmlFor={`${id}-own`}>Your URL</label>
              <input
                id={`${id}-own`}
                type="url"
                inputMode="url"
                placeholder="https://github.com/you/your-server#tests"
                value={ownUrl}
                onChange={(event) => setOwnUrl(event.target.value)}
              />
            </>
          ) : null}
        </div>
      ) : null}
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
