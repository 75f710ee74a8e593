import { httpsOrigin } from '@store/blocks';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure, type MediaAsset, api } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { type Branding, type BrandingInput, brandingApi, brandingDraft } from './branding-api';
import { type SocialRow, SocialLinksFields, socialProblems } from './social-links-fields';
import './branding.css';

/** A media library picker with an upload button beside it (the upload becomes the choice). */
function ImagePick({
  id,
  label,
  media,
  value,
  disabled,
  onPick,
  onUploaded,
}: {
  id: string;
  label: string;
  media: MediaAsset[];
  value: string | null;
  disabled: boolean;
  onPick(asset: MediaAsset | null): void;
  onUploaded(asset: MediaAsset): void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const current = media.find((m) => m.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="image-pick">
        {current && <img src={`${current.assetUrl}?format=100w`} alt="" className="brand-thumb" />}
        <select
          id={id}
          value={value ?? ''}
          disabled={disabled}
          onChange={(e) => onPick(media.find((m) => m.id === e.target.value) ?? null)}
        >
          <option value="">None</option>
          {media.map((m) => (
            <option key={m.id} value={m.id}>
              {m.filename}
            </option>
          ))}
        </select>
        <label className={`btn btn--plain${disabled ? ' btn--disabled' : ''}`}>
          Upload…
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="visually-hidden"
            disabled={disabled}
            aria-label={`Upload an image for the ${label.toLowerCase()}`}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setError('');
              try {
                setProgress(0);
                onUploaded(await api.uploadMedia(file, setProgress));
              } catch (failure) {
                setError(failure instanceof ApiFailure ? failure.message : 'The upload failed.');
              } finally {
                setProgress(null);
              }
            }}
          />
        </label>
      </div>
      {progress !== null && <progress value={progress} max={1} aria-label="Uploading" />}
      {error && <small className="field-error">{error}</small>}
    </div>
  );
}

/**
 * Design → Brand: the logo (a library image and its alt text), the site icon (its sizes made
 * on the server), the social profiles, and the extra origins embeds may come from. Save
 * publishes: every page shows it at once.
 */
export function BrandingPanel({ onSiteChanged }: { onSiteChanged(): void }) {
  const [saved, setSaved] = useState<Branding | null>(null);
  const [draft, setDraft] = useState<BrandingInput | null>(null);
  const [origins, setOrigins] = useState('');
  const [media, setMedia] = useState<MediaAsset[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const readOnly = !mayChange(usePermissions(), 'design');
  useEffect(() => {
    brandingApi.get().then(
      (b) => {
        setSaved(b);
        setDraft(brandingDraft(b));
        setOrigins(b.embedOrigins.join('\n'));
      },
      () => setError('Unable to load. Try again.'),
    );
    api.media().then(
      (m) => setMedia(m.media.filter((asset) => asset.kind === 'image')),
      () => undefined,
    );
  }, []);
  if (!draft || !saved) return error ? <p className="alert">{error}</p> : <p className="loading">Loading…</p>;

  const change = (patch: Partial<BrandingInput>) => {
    setDraft({ ...draft, ...patch });
    setMessage('');
  };
  const originLines = origins
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const badOrigins = originLines.filter((l) => !httpsOrigin(l));
  const rows = draft.socialLinks as SocialRow[];
  const invalid =
    badOrigins.length > 0 ||
    socialProblems(rows).some(Boolean) ||
    (draft.logo !== null && !draft.logo.alt.trim());
  const uploaded = (asset: MediaAsset) => setMedia([asset, ...media]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || invalid) return;
    setBusy(true);
    try {
      const answer = await brandingApi.save({ ...draft, embedOrigins: originLines });
      setSaved(answer);
      setDraft(brandingDraft(answer));
      setOrigins(answer.embedOrigins.join('\n'));
      setError('');
      setMessage('Brand saved.');
      onSiteChanged();
    } catch (failure) {
      setMessage('');
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  const touchIcon = saved.icons.find((i) => i.rel === 'apple-touch-icon');
  const smallIcon = saved.icons.find((i) => i.sizes === '32x32');
  return (
    <form className="branding-panel" onSubmit={save} aria-labelledby="branding-title">
      <div className="panel__head">
        <h2 id="branding-title">Brand</h2>
        {!readOnly && (
          <button type="submit" className="btn btn--primary" disabled={invalid || busy}>
            Save brand
          </button>
        )}
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="note">
        {message}
      </p>
      <fieldset>
        <legend>Logo</legend>
        <ImagePick
          id="brand-logo"
          label="Logo image"
          media={media}
          value={draft.logo?.mediaId ?? null}
          disabled={readOnly}
          onPick={(asset) =>
            change({ logo: asset ? { mediaId: asset.id, alt: draft.logo?.alt || asset.altText } : null })
          }
          onUploaded={(asset) => {
            uploaded(asset);
            change({ logo: { mediaId: asset.id, alt: draft.logo?.alt ?? '' } });
          }}
        />
        {draft.logo && (
          <>
            <label htmlFor="brand-logo-alt">Alt text</label>
            <input
              id="brand-logo-alt"
              value={draft.logo.alt}
              disabled={readOnly}
              maxLength={200}
              aria-invalid={!draft.logo.alt.trim()}
              aria-describedby="brand-logo-alt-hint"
              onChange={(e) => draft.logo && change({ logo: { ...draft.logo, alt: e.target.value } })}
            />
            <small id="brand-logo-alt-hint" className={draft.logo.alt.trim() ? 'muted' : 'field-error'}>
              What the logo says, for people who cannot see it (usually the site's name).
            </small>
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Site icon</legend>
        <ImagePick
          id="brand-icon"
          label="Icon image"
          media={media}
          value={draft.faviconMediaId}
          disabled={readOnly}
          onPick={(asset) => change({ faviconMediaId: asset?.id ?? null })}
          onUploaded={(asset) => {
            uploaded(asset);
            change({ faviconMediaId: asset.id });
          }}
        />
        <small className="muted">
          A square image of at least 512 × 512 pixels. Browser tabs, bookmarks and phone home screens get
          their sizes made from it when you save.
        </small>
        <div className="brand-icons">
          {smallIcon && <img src={smallIcon.href} width={32} height={32} alt="Browser tab icon" />}
          {touchIcon && <img src={touchIcon.href} width={60} height={60} alt="Home screen icon" />}
        </div>
      </fieldset>
      <SocialLinksFields rows={rows} disabled={readOnly} onChange={(next) => change({ socialLinks: next })} />
      <fieldset>
        <legend>Embeds</legend>
        <p className="muted">
          Video and audio blocks play YouTube (through its privacy-enhanced player), Vimeo, SoundCloud,
          Spotify and this site's own files. To embed from another service in a video, audio or code block,
          add its address here (one per line, such as https://player.example.com); pages that use it may then
          load from it.
        </p>
        <label htmlFor="brand-origins">Other embed addresses</label>
        <textarea
          id="brand-origins"
          rows={3}
          value={origins}
          disabled={readOnly}
          aria-invalid={badOrigins.length > 0}
          aria-describedby={badOrigins.length ? 'brand-origins-error' : undefined}
          onChange={(e) => {
            setOrigins(e.target.value);
            setMessage('');
          }}
        />
        {badOrigins.length > 0 && (
          <small id="brand-origins-error" className="field-error">
            Not an https address of a site: {badOrigins.join(', ')}
          </small>
        )}
      </fieldset>
    </form>
  );
}
