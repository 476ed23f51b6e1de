'use client';

/**
 * A markdown tile, loaded on demand: marked turns the text into HTML and DOMPurify removes
 * anything that could run (script, event handlers, javascript: URLs, iframes, forms) before it
 * reaches the page. Links open in a new tab without access to this one.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { memo, useMemo, useRef } from 'react';
import { useScrollCue } from './use-scroll-cue';
import styles from './tiles.module.css';

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** The note as safe HTML: headings, lists, emphasis, code, tables, links and images; nothing that runs. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * A note longer than its tile scrolls, and shows it: a fade at each edge with more beyond it, and
 * the note becomes a focusable region so the keyboard scrolls it too.
 */
export const MarkdownNote = memo(function MarkdownNote({ content }: { content: string }) {
  const html = useMemo(() => markdownToSafeHtml(content), [content]);
  const box = useRef<HTMLDivElement>(null);
  const cue = useScrollCue(box);
  if (!content.trim()) return <p className={styles.muted}>This note is empty.</p>;
  return (
    <div
      className={styles.markdownFrame}
      data-more-above={cue.above || undefined}
      data-more-below={cue.below || undefined}
    >
      <div
        ref={box}
        className={styles.markdown}
        {...(cue.overflowing ? { tabIndex: 0, role: 'region', 'aria-label': 'Note, scrolls for more' } : {})}
      >
        {/* Sanitized just above: marked's HTML passes through DOMPurify before it is set. */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      {cue.below && (
        <span className={styles.moreBelow} aria-hidden="true">
          More below ↓
        </span>
      )}
    </div>
  );
});
