import type { CampaignBlockInput } from '@store/api';
import { useEffect, useRef, useState } from 'react';
import { trustedHtml } from '../editor/clean-html';
import { ImagePicker } from '../editor/pickers/image-picker';
import { loadCatalog, type CatalogProduct } from '../editor/pickers/picker-data';
import { ProductPicker } from '../editor/pickers/product-picker';

export type Block = CampaignBlockInput;

export const NEW_BLOCKS: Record<Block['type'], { label: string; make(): Block }> = {
  text: { label: 'Text', make: () => ({ type: 'text', html: '<p>Write something…</p>' }) },
  image: { label: 'Image', make: () => ({ type: 'image', url: '', alt: '' }) },
  button: { label: 'Button', make: () => ({ type: 'button', label: 'Shop now', url: 'https://' }) },
  product: { label: 'Product', make: () => ({ type: 'product', productId: '' }) },
  divider: { label: 'Divider', make: () => ({ type: 'divider' }) },
};

/** Rich text with bold, italic and links (the server keeps only those and paragraphs/lists). */
function RichText({ html, onChange, label }: { html: string; onChange(html: string): void; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current && box.current.innerHTML !== html) box.current.innerHTML = trustedHtml(html, 'rich');
  }, [html]);
  const command = (name: string, value?: string) => {
    box.current?.focus();
    document.execCommand(name, false, value);
    onChange(box.current?.innerHTML ?? '');
  };
  return (
    <div className="campaign-rich">
      <div className="campaign-rich__tools" role="toolbar" aria-label={`${label} formatting`}>
        <button type="button" className="btn btn--plain" onClick={() => command('bold')} aria-label="Bold">
          <b>B</b>
        </button>
        <button
          type="button"
          className="btn btn--plain"
          onClick={() => command('italic')}
          aria-label="Italic"
        >
          <i>I</i>
        </button>
        <button
          type="button"
          className="btn btn--plain"
          onClick={() => {
            const url = window.prompt('Link address (https://…)');
            if (url && /^https?:\/\//i.test(url)) command('createLink', url);
          }}
        >
          Link
        </button>
        <button type="button" className="btn btn--plain" onClick={() => command('insertUnorderedList')}>
          List
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text field has no native element */}
      <div
        ref={box}
        className="campaign-rich__box"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        onInput={() => onChange(box.current?.innerHTML ?? '')}
      />
    </div>
  );
}

/** One block's fields. */
export function BlockFields({
  block,
  index,
  readOnly,
  onChange,
}: {
  block: Block;
  index: number;
  readOnly: boolean;
  onChange(block: Block): void;
}) {
  const [picking, setPicking] = useState(false);
  const [product, setProduct] = useState<CatalogProduct | null>(null);
  const productId = block.type === 'product' ? block.productId : '';
  useEffect(() => {
    if (!productId) return;
    loadCatalog(false).then(
      (c) => setProduct(c.products.find((p) => p.id === productId) ?? null),
      () => {},
    );
  }, [productId]);
  const n = index + 1;
  switch (block.type) {
    case 'text':
      return readOnly ? (
        <div
          className="campaign-rich__box"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server and by DOMPurify here
          dangerouslySetInnerHTML={{ __html: trustedHtml(block.html, 'rich') }}
        />
      ) : (
        <RichText
          label={`Text of block ${n}`}
          html={block.html}
          onChange={(html) => onChange({ ...block, html })}
        />
      );
    case 'image':
      return (
        <div className="campaign-block__fields">
          {block.url ? <img src={block.url} alt={block.alt} className="campaign-block__thumb" /> : null}
          {!readOnly && (
            <button type="button" className="btn btn--plain" onClick={() => setPicking(true)}>
              {block.url ? 'Change image' : 'Choose image'}
            </button>
          )}
          <label>
            Link (optional)
            <input
              type="url"
              value={block.href ?? ''}
              disabled={readOnly}
              onChange={(e) => onChange({ ...block, href: e.target.value || undefined })}
            />
          </label>
          {picking && (
            <ImagePicker
              selected={[]}
              alt={block.alt}
              onClose={() => setPicking(false)}
              onPick={([asset], alt) => {
                setPicking(false);
                if (asset) onChange({ ...block, url: asset.assetUrl, alt: alt || asset.altText });
              }}
            />
          )}
        </div>
      );
    case 'button':
      return (
        <div className="campaign-block__fields campaign-block__fields--row">
          <label>
            Label
            <input
              value={block.label}
              disabled={readOnly}
              onChange={(e) => onChange({ ...block, label: e.target.value })}
            />
          </label>
          <label>
            Address
            <input
              type="url"
              value={block.url}
              disabled={readOnly}
              onChange={(e) => onChange({ ...block, url: e.target.value })}
            />
          </label>
        </div>
      );
    case 'product':
      return (
        <div className="campaign-block__fields">
          <span>{product ? product.title : block.productId ? 'Product' : 'No product chosen'}</span>
          {!readOnly && (
            <button type="button" className="btn btn--plain" onClick={() => setPicking(true)}>
              {block.productId ? 'Change product' : 'Choose product'}
            </button>
          )}
          {picking && (
            <ProductPicker
              currentId={block.productId}
              onClose={() => setPicking(false)}
              onPick={(p) => {
                setPicking(false);
                onChange({ ...block, productId: p.id });
              }}
            />
          )}
        </div>
      );
    case 'divider':
      return <hr />;
  }
}
