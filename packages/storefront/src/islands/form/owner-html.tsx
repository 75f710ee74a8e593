import { useLayoutEffect, useRef } from 'react';
import type { HtmlKind } from '@store/api/html-policy';
import { cleanHtml } from '../../components/clean-html';

/**
 * HTML the site owner wrote in the studio (submission message, disclaimer, post-submit
 * HTML), cleaned by the contributor HTML policy before it reaches the DOM.
 */
export function OwnerHtml({
  html,
  className,
  kind = 'rich',
}: {
  html: string;
  className?: string;
  /** `embed` for the post-submit HTML (media, players); rich text otherwise. */
  kind?: HtmlKind;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.innerHTML = cleanHtml(html, kind);
  }, [html, kind]);
  return <div ref={ref} className={className} />;
}
