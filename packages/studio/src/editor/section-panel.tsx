import {
  type Layout,
  SECTION_PADDINGS,
  type Section,
  type SectionBackground,
  type SectionPadding,
  checkLayout,
  gridFromStack,
  parseEmbedUrl,
  stackFromGrid,
} from '@store/blocks';
import { useEffect, useRef, useState } from 'react';
import type { MediaAsset } from '../api';
import { canOpenSection, usePermissions } from '../settings/people-api';
import { leaveTo } from '../unsaved-guard';
import { FocalPointPicker } from './focal-point';
import { derivedPhone, sectionOfBlock, updateSection, withBackground, withPadding } from './section-edits';
import './section-panel.css';

const PADDING_LABELS: Record<SectionPadding, string> = {
  none: 'None',
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};
const DEFAULT_COLOR = '#f4efe6';

/** Text on a background: chosen from it (undefined), or the owner's choice. */
const TEXT_CHOICES: [SectionBackground['text'], string][] = [
  [undefined, 'Automatic'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];
/** What a typed background video address plays as, in words (or a problem). */
function videoNote(url: string): { ok: boolean; text: string } {
  const embed = parseEmbedUrl(url, { media: 'video' });
  if (embed.kind === 'file') return { ok: true, text: 'Plays this video muted and looping.' };
  if (embed.kind === 'player' && (embed.provider === 'youtube' || embed.provider === 'vimeo'))
    return {
      ok: true,
      text: `Plays the ${embed.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video muted and looping.`,
    };
  return {
    ok: false,
    text: 'This address does not play as a background: use a video of this site, or a YouTube or Vimeo link.',
  };
}

/**
 * The settings of one section of the page: background (colour, an image from the media
 * library with its focal point, a video, an overlay), padding, and whether its blocks are
 * arranged in a grid. It edits the section of the selected block unless another one is
 * chosen; every change shows in the preview at once.
 */
export function SectionPanel(props: {
  layout: Layout;
  selectedBlock: string | null;
  media: MediaAsset[] | undefined;
  onChange(layout: Layout): void;
  /** The page being edited: with it, the section can be A/B tested from here. */
  pageId?: string;
  /** Replaces the last undo step (a slider being dragged); falls back to onChange. */
  onAmend?(layout: Layout): void;
}) {
  const { layout, onChange } = props;
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const fromSelection = sectionOfBlock(layout, props.selectedBlock);
  // Selecting a block in another section follows it.
  const [followed, setFollowed] = useState(fromSelection);
  if (followed !== fromSelection) {
    setFollowed(fromSelection);
    setChosen(null);
  }
  const sectionId = chosen ?? fromSelection ?? layout.sections[0]?.id ?? null;
  const index = layout.sections.findIndex((s) => s.id === sectionId);
  const section = layout.sections[index];
  const gesture = useRef(false);
  const permissions = usePermissions();

  const [videoDraft, setVideoDraft] = useState('');
  const [altDraft, setAltDraft] = useState('');
  useEffect(() => {
    setVideoDraft(section?.background?.video?.url ?? '');
    setAltDraft(section?.background?.image?.alt ?? '');
  }, [section?.background?.video?.url, section?.background?.image?.alt]);

  if (!section) return null;
  const bg = section.background ?? {};
  const images = props.media?.filter((m) => m.kind === 'image') ?? [];
  const videos = props.media?.filter((m) => m.kind === 'video') ?? [];

  /** Apply an edit to this section; `live` edits of one gesture share an undo step. */
  const edit = (fn: (s: Section) => Section, live = false) => {
    const next = updateSection(layout, section.id, fn);
    const checked = checkLayout(next);
    if (!checked.ok) return setProblem(checked.message);
    setProblem('');
    if (live && gesture.current && props.onAmend) props.onAmend(next);
    else onChange(next);
    if (live) gesture.current = true;
  };
  const endGesture = () => {
    gesture.current = false;
  };
  const commitVideo = () => {
    const url = videoDraft.trim();
    // An address that plays nothing is not kept: the note under the field says why.
    if (url === (bg.video?.url ?? '') || (url && !videoNote(url).ok)) return;
    edit((s) => withBackground(s, { video: url ? { url } : undefined }));
  };
  const commitAlt = () => {
    if (!bg.image || altDraft === (bg.image.alt ?? '')) return;
    const image = { ...bg.image, alt: altDraft.trim() || undefined };
    if (!image.alt) delete image.alt;
    edit((s) => withBackground(s, { image }));
  };
  const note = videoDraft.trim() ? videoNote(videoDraft.trim()) : null;

  return (
    <section className="section-panel" aria-labelledby="section-panel-title">
      <div className="section-panel__head">
        <h2 id="section-panel-title">Section settings</h2>
        {layout.sections.length > 1 && (
          <select aria-label="Section to edit" value={section.id} onChange={(e) => setChosen(e.target.value)}>
            {layout.sections.map((s, i) => (
              <option key={s.id} value={s.id}>
                Section {i + 1} ({s.blocks.length} {s.blocks.length === 1 ? 'block' : 'blocks'})
              </option>
            ))}
          </select>
        )}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}

      <fieldset className="section-panel__group">
        <legend>Background colour</legend>
        <div className="colour-field__row">
          <input
            type="color"
            aria-label="Background colour"
            value={bg.color ?? DEFAULT_COLOR}
            onChange={(e) => edit((s) => withBackground(s, { color: e.target.value }), true)}
            onBlur={endGesture}
          />
          <code>{bg.color ?? 'none'}</code>
          {bg.color && (
            <button
              type="button"
              className="btn btn--plain"
              onClick={() => edit((s) => withBackground(s, { color: undefined }))}
            >
              Remove colour
            </button>
          )}
        </div>
      </fieldset>

      <fieldset className="section-panel__group">
        <legend>Background image</legend>
        {bg.image ? (
          <>
            <FocalPointPicker
              src={bg.image.src.startsWith('/media/') ? `${bg.image.src}?format=500w` : bg.image.src}
              x={bg.image.focalX}
              y={bg.image.focalY}
              onChange={(focalX, focalY) => {
                const image = bg.image;
                if (image) edit((s) => withBackground(s, { image: { ...image, focalX, focalY } }));
              }}
            />
            <p className="muted">Click the part of the image that must stay in view.</p>
            <label className="field-label" htmlFor="section-image-alt">
              Describe the image
            </label>
            <input
              id="section-image-alt"
              value={altDraft}
              placeholder="Leave empty if it is only decoration"
              onChange={(e) => setAltDraft(e.target.value)}
              onBlur={commitAlt}
              onKeyDown={(e) => e.key === 'Enter' && commitAlt()}
            />
            <button
              type="button"
              className="btn btn--plain"
              onClick={() => edit((s) => withBackground(s, { image: undefined }))}
            >
              Remove image
            </button>
          </>
        ) : null}
        {images.length ? (
          <ul className="section-panel__thumbs" aria-label="Choose an image from the media library">
            {images.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  aria-pressed={bg.image?.mediaId === m.id}
                  title={m.title || m.filename}
                  onClick={() =>
                    edit((s) =>
                      withBackground(s, {
                        image: {
                          src: m.assetUrl,
                          mediaId: m.id,
                          focalX: m.mediaFocalPoint.x,
                          focalY: m.mediaFocalPoint.y,
                          ...(m.altText ? { alt: m.altText } : {}),
                        },
                      }),
                    )
                  }
                >
                  <img src={`${m.assetUrl}?format=100w`} alt={m.altText || m.title || m.filename} />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Upload images in Media to use one here.</p>
        )}
      </fieldset>

      <fieldset className="section-panel__group">
        <legend>Background video</legend>
        <label className="field-label" htmlFor="section-video">
          Video link
        </label>
        <input
          id="section-video"
          value={videoDraft}
          placeholder="https://youtu.be/… or a video from Media"
          aria-describedby={note ? 'section-video-note' : undefined}
          aria-invalid={note ? !note.ok : undefined}
          onChange={(e) => setVideoDraft(e.target.value)}
          onBlur={commitVideo}
          onKeyDown={(e) => e.key === 'Enter' && commitVideo()}
        />
        {note && (
          <p id="section-video-note" className={note.ok ? 'muted' : 'field-error'}>
            {note.text}
          </p>
        )}
        {videos.length > 0 && (
          <select
            aria-label="Or choose a video from the media library"
            value=""
            onChange={(e) => {
              if (!e.target.value) return;
              setVideoDraft(e.target.value);
              edit((s) => withBackground(s, { video: { url: e.target.value } }));
            }}
          >
            <option value="">Or choose a video from Media…</option>
            {videos.map((v) => (
              <option key={v.id} value={v.assetUrl}>
                {v.title || v.filename}
              </option>
            ))}
          </select>
        )}
        <p className="muted">
          Videos do not play for visitors who ask for less motion; the image shows instead.
        </p>
      </fieldset>

      {(bg.image || bg.video) && (
        <fieldset className="section-panel__group">
          <legend>Overlay</legend>
          <label className="section-panel__range">
            <span>Darken the background</span>
            <input
              type="range"
              min={0}
              max={0.9}
              step={0.05}
              value={bg.overlay ?? 0}
              onChange={(e) => {
                const overlay = Number(e.target.value);
                edit((s) => withBackground(s, { overlay: overlay > 0 ? overlay : undefined }), true);
              }}
              onPointerUp={endGesture}
              onKeyUp={endGesture}
              onBlur={endGesture}
            />
            <output>{Math.round((bg.overlay ?? 0) * 100)}%</output>
          </label>
          <p className="muted">From 30% the text turns light so it reads on the image.</p>
        </fieldset>
      )}

      {(bg.color || bg.image || bg.video) && (
        <fieldset className="section-panel__group">
          <legend>Text colour</legend>
          <div className="section-panel__choices">
            {TEXT_CHOICES.map(([value, label]) => (
              <label key={label}>
                <input
                  type="radio"
                  name={`text-${section.id}`}
                  checked={bg.text === value}
                  onChange={() => edit((s) => withBackground(s, { text: value }))}
                />
                {label}
              </label>
            ))}
          </div>
          <p className="muted">
            Automatic makes the text light on a dark colour, or on an image darkened by 30% or more.
          </p>
        </fieldset>
      )}

      <fieldset className="section-panel__group">
        <legend>Padding</legend>
        <div className="section-panel__choices">
          {SECTION_PADDINGS.map((p) => (
            <label key={p}>
              <input
                type="radio"
                name={`padding-${section.id}`}
                checked={(section.padding ?? (bg.color || bg.image || bg.video ? 'medium' : 'none')) === p}
                onChange={() => edit((s) => withPadding(s, p))}
              />
              {PADDING_LABELS[p]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="section-panel__group">
        <legend>Layout</legend>
        {section.grid ? (
          <>
            <p className="muted">
              The blocks sit in a grid: drag and resize them in the preview.{' '}
              {section.grid.phone
                ? 'On phones they follow the arrangement you made.'
                : 'On phones they stack in reading order.'}
            </p>
            {section.grid.phone && (
              <button type="button" className="btn btn--plain" onClick={() => edit(derivedPhone)}>
                Stack on phones again
              </button>
            )}
            <button type="button" className="btn btn--plain" onClick={() => edit(stackFromGrid)}>
              Stack the blocks instead
            </button>
          </>
        ) : (
          <>
            <p className="muted">The blocks stack one under another.</p>
            <button type="button" className="btn btn--primary" onClick={() => edit(gridFromStack)}>
              Arrange in a grid
            </button>
          </>
        )}
      </fieldset>
      {props.pageId && canOpenSection(permissions, 'analytics', 'ab-tests') && (
        <AbTestLink pageId={props.pageId} sectionId={section.id} />
      )}
    </section>
  );
}

/** Analytics → A/B tests with this page and section chosen (the test uses the published section). */
function AbTestLink({ pageId, sectionId }: { pageId: string; sectionId: string }) {
  const href = `/config/analytics/ab-tests?page=${encodeURIComponent(pageId)}&section=${encodeURIComponent(sectionId)}`;
  return (
    <fieldset className="section-panel__group">
      <legend>A/B test</legend>
      <p className="muted">
        Show visitors two or more versions of this section and see which one sells better.
      </p>
      <a
        className="btn btn--plain"
        href={href}
        onClick={(e) => {
          e.preventDefault();
          leaveTo(href);
        }}
      >
        A/B test this section
      </a>
    </fieldset>
  );
}
