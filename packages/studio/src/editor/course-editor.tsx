import type { ApiOutput } from '@store/api/client';
import { type FormEvent, useState } from 'react';
import { api } from '../api';
import { confirmModal } from '../components/dialogs';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { paths } from '../router';
import { leaveTo } from '../unsaved-guard';
import { moveChapter, moveLesson } from './course-order';
import { RichText } from './rich-text';
import './course-editor.css';

type CourseView = ApiOutput<'GET /api/studio/courses/:courseId'>;
type Chapter = CourseView['chapters'][number];
type Lesson = Chapter['lessons'][number];
type VideoChoice = 'none' | 'media' | 'embed';

const courseRoute = ['GET /api/studio/courses/:courseId'] as const;

/** A course's chapters and lessons: add, rename, reorder (up/down), and the lesson editor. */
export function CourseEditor({ courseId, onSaved }: { courseId: string; onSaved(path: string): void }) {
  const answer = useApiQuery('GET /api/studio/courses/:courseId', { params: { courseId } });
  const mediaAnswer = useApiQuery('GET /api/studio/media', {});
  const addChapter = useApiMutation('POST /api/studio/courses/:courseId/chapters', {
    invalidates: courseRoute,
  });
  const renameChapter = useApiMutation('PUT /api/studio/courses/:courseId/chapters/:chapterId', {
    invalidates: courseRoute,
  });
  const deleteChapter = useApiMutation('DELETE /api/studio/courses/:courseId/chapters/:chapterId', {
    invalidates: courseRoute,
  });
  const saveOrder = useApiMutation('PUT /api/studio/courses/:courseId/order', { invalidates: courseRoute });
  const addLesson = useApiMutation('POST /api/studio/courses/:courseId/lessons', {
    invalidates: courseRoute,
  });
  const saveLesson = useApiMutation('PUT /api/studio/courses/:courseId/lessons/:lessonId', {
    invalidates: courseRoute,
  });
  const deleteLesson = useApiMutation('DELETE /api/studio/courses/:courseId/lessons/:lessonId', {
    invalidates: courseRoute,
  });
  const upload = useApiMutation('POST /api/studio/media', {
    send: (file: File) => api.uploadMedia(file, () => {}),
    invalidates: ['GET /api/studio/media'],
  });
  const course = answer.data?.course ?? null;
  const chapters = answer.data?.chapters ?? [];
  const videos = (mediaAnswer.data?.media ?? []).filter((m) => m.kind === 'video');
  const [openId, setOpenId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Lesson | null>(null);
  const [videoChoice, setVideoChoice] = useState<VideoChoice>('none');
  const [embedUrl, setEmbedUrl] = useState('');
  const [mediaId, setMediaId] = useState('');
  const [minutes, setMinutes] = useState('');
  const [newChapter, setNewChapter] = useState('');
  const [newLessons, setNewLessons] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const saved = chapters.flatMap((c) => c.lessons).find((l) => l.id === openId) ?? null;
  const current = draft ?? saved;
  const fail = (failure: unknown) => setError(failureText(failure));
  const shownError = error || (answer.errorText ? 'Unable to load. Try again.' : '');

  const open = (lesson: Lesson | null) => {
    setOpenId(lesson?.id ?? null);
    setDraft(null);
    setVideoChoice(lesson?.video ? lesson.video.kind : 'none');
    setEmbedUrl(lesson?.video?.kind === 'embed' ? lesson.video.url : '');
    setMediaId(lesson?.video?.kind === 'media' ? (lesson.video.mediaId ?? '') : '');
    setMinutes(lesson?.durationSeconds ? String(Math.round(lesson.durationSeconds / 60)) : '');
    setMessage('');
    setError('');
  };

  async function reorder(order: { id: string; lessonIds: string[] }[], words: string) {
    try {
      await saveOrder.mutateAsync({ params: { courseId }, body: { chapters: order } });
      setMessage(words);
      setError('');
    } catch (failure) {
      fail(failure);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    const duration = minutes.trim() === '' ? 0 : Number(minutes);
    if (!Number.isFinite(duration) || duration < 0 || duration > 1440)
      return setError('Enter the length in whole minutes (0 to 1440).');
    const video =
      videoChoice === 'media'
        ? mediaId
          ? { kind: 'media' as const, mediaId }
          : undefined
        : videoChoice === 'embed'
          ? { kind: 'embed' as const, url: embedUrl.trim() }
          : null;
    if (video === undefined) return setError('Choose a video from the media library, or upload one.');
    try {
      await saveLesson.mutateAsync({
        params: { courseId, lessonId: current.id },
        body: {
          title: current.title,
          body: current.body,
          video,
          durationSeconds: Math.round(duration) * 60,
          freePreview: current.freePreview,
        },
      });
      setDraft(null);
      setMessage('Lesson saved.');
      setError('');
      onSaved(current.fullUrl);
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <div className="editor course-editor">
      <div className="editor__bar">
        <a
          href={paths.pages}
          className="btn btn--plain"
          onClick={(e) => {
            e.preventDefault();
            leaveTo(paths.pages);
          }}
        >
          ← Pages
        </a>
        <h1 className="editor__title">{course?.title ?? 'Course'}</h1>
        {course && (
          <a className="btn btn--plain" href={course.fullUrl} target="_blank" rel="noreferrer">
            View course
          </a>
        )}
      </div>
      <div className="editor__body">
        <aside className="panel course-outline-panel" aria-label="Chapters and lessons">
          {shownError && (
            <p className="alert" role="alert">
              {shownError}
            </p>
          )}
          <p role="status" className="note">
            {message}
          </p>
          <ol className="course-tree">
            {chapters.map((chapter, ci) => (
              <li key={chapter.id} className="course-tree__chapter">
                <ChapterTitle
                  chapter={chapter}
                  number={ci + 1}
                  onRename={async (title) => {
                    try {
                      await renameChapter.mutateAsync({
                        params: { courseId, chapterId: chapter.id },
                        body: { title },
                      });
                      setMessage(`Chapter renamed to ${title}.`);
                    } catch (failure) {
                      fail(failure);
                    }
                  }}
                />
                <span className="course-tree__actions">
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Move chapter ${chapter.title} up`}
                    disabled={ci === 0}
                    onClick={() =>
                      reorder(moveChapter(chapters, chapter.id, -1), `${chapter.title} moved up.`)
                    }
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Move chapter ${chapter.title} down`}
                    disabled={ci === chapters.length - 1}
                    onClick={() =>
                      reorder(moveChapter(chapters, chapter.id, 1), `${chapter.title} moved down.`)
                    }
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Delete chapter ${chapter.title}`}
                    onClick={async () => {
                      const ok = await confirmModal({
                        title: `Delete ${chapter.title}?`,
                        message: 'Only an empty chapter can be deleted.',
                        confirmLabel: 'Delete',
                      });
                      if (!ok) return;
                      try {
                        await deleteChapter.mutateAsync({ params: { courseId, chapterId: chapter.id } });
                        setMessage(`${chapter.title} deleted.`);
                      } catch (failure) {
                        fail(failure);
                      }
                    }}
                  >
                    ×
                  </button>
                </span>
                <ol className="course-tree__lessons">
                  {chapter.lessons.map((lesson, li) => (
                    <li key={lesson.id} className="course-tree__lesson">
                      <button
                        type="button"
                        className="row__title"
                        aria-pressed={current?.id === lesson.id}
                        onClick={() => open(lesson)}
                      >
                        {lesson.title}
                        {lesson.freePreview && <span className="course-tree__badge">Free preview</span>}
                      </button>
                      <span className="course-tree__actions">
                        <button
                          type="button"
                          className="icon"
                          aria-label={`Move ${lesson.title} up`}
                          disabled={ci === 0 && li === 0}
                          onClick={() =>
                            reorder(moveLesson(chapters, lesson.id, -1), `${lesson.title} moved up.`)
                          }
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="icon"
                          aria-label={`Move ${lesson.title} down`}
                          disabled={ci === chapters.length - 1 && li === chapter.lessons.length - 1}
                          onClick={() =>
                            reorder(moveLesson(chapters, lesson.id, 1), `${lesson.title} moved down.`)
                          }
                        >
                          ↓
                        </button>
                      </span>
                    </li>
                  ))}
                </ol>
                <form
                  className="course-tree__add"
                  onSubmit={async (e) => {
                    e.preventDefault();
                    const title = (newLessons[chapter.id] ?? '').trim();
                    if (!title) return setError('Please enter a title');
                    try {
                      const created = await addLesson.mutateAsync({
                        params: { courseId },
                        body: { chapterId: chapter.id, title },
                      });
                      setNewLessons({ ...newLessons, [chapter.id]: '' });
                      setMessage(`${title} added.`);
                      setError('');
                      setOpenId(created.id);
                      setDraft(null);
                      setVideoChoice('none');
                      setEmbedUrl('');
                      setMediaId('');
                      setMinutes('');
                    } catch (failure) {
                      fail(failure);
                    }
                  }}
                >
                  <label htmlFor={`new-lesson-${chapter.id}`} className="visually-hidden">
                    New lesson in {chapter.title}
                  </label>
                  <input
                    id={`new-lesson-${chapter.id}`}
                    placeholder="New lesson title"
                    value={newLessons[chapter.id] ?? ''}
                    onChange={(e) => setNewLessons({ ...newLessons, [chapter.id]: e.target.value })}
                  />
                  <button type="submit" className="btn">
                    Add lesson
                  </button>
                </form>
              </li>
            ))}
          </ol>
          {!answer.isPending && chapters.length === 0 && (
            <p className="muted">Start with a chapter, then add its lessons.</p>
          )}
          <form
            className="add-block"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!newChapter.trim()) return setError('Please enter a title');
              try {
                await addChapter.mutateAsync({ params: { courseId }, body: { title: newChapter.trim() } });
                setMessage(`${newChapter.trim()} added.`);
                setNewChapter('');
                setError('');
              } catch (failure) {
                fail(failure);
              }
            }}
          >
            <label htmlFor="new-chapter-title">New chapter title</label>
            <input
              id="new-chapter-title"
              value={newChapter}
              onChange={(e) => setNewChapter(e.target.value)}
            />
            <button type="submit" className="btn btn--primary">
              Add chapter
            </button>
          </form>
        </aside>
        <section className="stage stage--form" aria-label="Lesson">
          {current ? (
            <form className="post-form" onSubmit={save}>
              <h2 className="course-editor__heading">Lesson</h2>
              <label htmlFor="lesson-title">Title</label>
              <input
                id="lesson-title"
                value={current.title}
                onChange={(e) => setDraft({ ...current, title: e.target.value })}
              />
              <fieldset className="course-editor__video">
                <legend>Video</legend>
                {(['none', 'media', 'embed'] as const).map((choice) => (
                  <label key={choice} className="course-editor__choice">
                    <input
                      type="radio"
                      name="lesson-video"
                      value={choice}
                      checked={videoChoice === choice}
                      onChange={() => setVideoChoice(choice)}
                    />
                    {{ none: 'No video', media: 'From the media library', embed: 'Embed address' }[choice]}
                  </label>
                ))}
                {videoChoice === 'media' && (
                  <>
                    <label htmlFor="lesson-media">Video file</label>
                    <select id="lesson-media" value={mediaId} onChange={(e) => setMediaId(e.target.value)}>
                      <option value="">Choose a video</option>
                      {videos.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.filename}
                        </option>
                      ))}
                    </select>
                    <label htmlFor="lesson-upload">Or upload a video (MP4 or WebM)</label>
                    <input
                      id="lesson-upload"
                      type="file"
                      accept="video/mp4,video/webm,video/quicktime"
                      onChange={async (e) => {
                        const file = e.target.files?.[0];
                        if (!file) return;
                        try {
                          const uploaded = await upload.mutateAsync(file);
                          setMediaId(uploaded.id);
                          setMessage(`${uploaded.filename} uploaded. Save the lesson to use it.`);
                        } catch (failure) {
                          fail(failure);
                        }
                      }}
                    />
                    {upload.isPending && <p className="muted">Uploading…</p>}
                  </>
                )}
                {videoChoice === 'embed' && (
                  <>
                    <label htmlFor="lesson-embed">YouTube or Vimeo address</label>
                    <input
                      id="lesson-embed"
                      type="url"
                      placeholder="https://youtu.be/…"
                      value={embedUrl}
                      onChange={(e) => setEmbedUrl(e.target.value)}
                    />
                  </>
                )}
              </fieldset>
              <RichText
                id="lesson-body"
                label="Text"
                value={current.body}
                onChange={(body) => setDraft({ ...current, body })}
              />
              <label htmlFor="lesson-minutes">Length (minutes)</label>
              <input
                id="lesson-minutes"
                inputMode="numeric"
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
              />
              <label className="course-editor__choice">
                <input
                  type="checkbox"
                  checked={current.freePreview}
                  onChange={(e) => setDraft({ ...current, freePreview: e.target.checked })}
                />
                Free preview (open to everyone, even when a member area locks the course)
              </label>
              <div className="post-form__actions">
                <button type="submit" className="btn btn--primary" disabled={saveLesson.isPending}>
                  Save lesson
                </button>
                <a className="btn btn--plain" href={current.fullUrl} target="_blank" rel="noreferrer">
                  View lesson
                </a>
                <button
                  type="button"
                  className="btn btn--plain"
                  onClick={async () => {
                    const ok = await confirmModal({
                      title: `Delete ${current.title}?`,
                      message: 'The lesson and its students’ progress are deleted for good.',
                      confirmLabel: 'Delete',
                    });
                    if (!ok) return;
                    try {
                      await deleteLesson.mutateAsync({ params: { courseId, lessonId: current.id } });
                      open(null);
                    } catch (failure) {
                      fail(failure);
                    }
                  }}
                >
                  Delete lesson
                </button>
              </div>
            </form>
          ) : (
            <p className="muted">Choose a lesson, or add one to a chapter.</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** A chapter's title, renamed in place (Enter or leaving the field saves). */
function ChapterTitle({
  chapter,
  number,
  onRename,
}: {
  chapter: Chapter;
  number: number;
  onRename(title: string): Promise<void>;
}) {
  const [title, setTitle] = useState(chapter.title);
  const commit = () => {
    const next = title.trim();
    if (next && next !== chapter.title) void onRename(next);
    else setTitle(chapter.title);
  };
  return (
    <span className="course-tree__title">
      <label htmlFor={`chapter-${chapter.id}`} className="course-tree__number">
        Chapter {number}
      </label>
      <input
        id={`chapter-${chapter.id}`}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </span>
  );
}
