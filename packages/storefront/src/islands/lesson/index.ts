import { ApiFailure, api } from '../../api';
import { trackEventSafely } from '../../tracking-bridge';

/** Analytics event type of video events (spec §3). */
const VIDEO_EVENT_TYPE = 21;
const QUARTILES = [25, 50, 75] as const;

/**
 * Watches a lesson's video and sends the video events: play (once), each quartile reached
 * (25, 50, 75 %), and complete at the end. A seek past a quartile counts it once too.
 */
export function watchVideo(
  video: HTMLVideoElement,
  lessonId: string,
  send: (content: Record<string, unknown>) => void,
): void {
  const sent = new Set<string>();
  const once = (action: 'play' | 'progress' | 'complete', progress: number) => {
    const key = `${action}:${progress}`;
    if (sent.has(key)) return;
    sent.add(key);
    send({
      object_identifier: lessonId,
      event_type: VIDEO_EVENT_TYPE,
      video_action: action,
      video_progress: progress,
    });
  };
  video.addEventListener('play', () => once('play', 0));
  video.addEventListener('timeupdate', () => {
    if (!Number.isFinite(video.duration) || video.duration <= 0) return;
    const percent = (video.currentTime / video.duration) * 100;
    for (const q of QUARTILES) if (percent >= q) once('progress', q);
  });
  video.addEventListener('ended', () => {
    for (const q of QUARTILES) once('progress', q);
    once('complete', 100);
  });
}

/** The lesson page: video events, and "Mark complete" for the signed-in customer. */
export function mount(element: HTMLElement, props: Record<string, unknown>): void {
  const lessonId = String(props.lessonId ?? '');
  if (!lessonId) return;
  const video = element.querySelector<HTMLVideoElement>('video.lesson-video__player');
  if (video) watchVideo(video, lessonId, (content) => trackEventSafely('video', content));
  const button = element.querySelector<HTMLButtonElement>('[data-lesson-complete]');
  const status = element.querySelector<HTMLElement>('.lesson-complete__status');
  if (!button) return;
  let completed = button.getAttribute('aria-pressed') === 'true';
  button.addEventListener('click', async () => {
    button.disabled = true;
    if (status) status.textContent = '';
    try {
      const answer = await api('PUT /api/courses/lessons/:lessonId/completed', {
        params: { lessonId },
        body: { completed: !completed },
      });
      completed = answer.completed;
      button.setAttribute('aria-pressed', String(completed));
      button.textContent = completed ? 'Completed ✓' : 'Mark complete';
      if (status)
        status.textContent = `${answer.progress.percent}% of the course complete (${answer.progress.done} of ${answer.progress.total}).`;
      for (const percent of document.querySelectorAll<HTMLElement>('[data-course-percent]'))
        percent.textContent = String(answer.progress.percent);
      const mark = document.querySelector<HTMLElement>('.course-lesson--current .course-lesson__mark');
      if (mark) mark.textContent = completed ? '✓' : '○';
      document.querySelector('.course-lesson--current')?.classList.toggle('course-lesson--done', completed);
    } catch (failure) {
      if (status)
        status.textContent =
          failure instanceof ApiFailure && failure.message
            ? failure.message
            : 'Something went wrong. Try again.';
    } finally {
      button.disabled = false;
    }
  });
}
