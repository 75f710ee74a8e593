import { useLayoutEffect, useRef } from 'react';

/**
 * Rich text the site owner wrote in the studio (submission message, disclaimer). It is
 * trusted like the page body the server renders; visitor input never reaches it.
 */
export function OwnerHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.innerHTML = html;
  }, [html]);
  return <div ref={ref} className={className} />;
}
