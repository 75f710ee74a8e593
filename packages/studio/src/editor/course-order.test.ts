import { describe, expect, it } from 'vitest';
import { moveChapter, moveLesson } from './course-order';

const lesson = (id: string) => ({
  id,
  title: id,
  urlId: id,
  fullUrl: `/c/${id}`,
  body: '',
  video: null,
  durationSeconds: 0,
  freePreview: false,
});
const chapters = [
  { id: 'a', title: 'A', lessons: [lesson('a1'), lesson('a2')] },
  { id: 'b', title: 'B', lessons: [lesson('b1')] },
];

describe('course order moves', () => {
  it('moves a lesson within its chapter, and across a chapter edge', () => {
    expect(moveLesson(chapters, 'a2', -1)).toEqual([
      { id: 'a', lessonIds: ['a2', 'a1'] },
      { id: 'b', lessonIds: ['b1'] },
    ]);
    expect(moveLesson(chapters, 'a2', 1)).toEqual([
      { id: 'a', lessonIds: ['a1'] },
      { id: 'b', lessonIds: ['a2', 'b1'] },
    ]);
    expect(moveLesson(chapters, 'b1', -1)).toEqual([
      { id: 'a', lessonIds: ['a1', 'a2', 'b1'] },
      { id: 'b', lessonIds: [] },
    ]);
    // The first lesson of the first chapter stays where it is.
    expect(moveLesson(chapters, 'a1', -1)[0]?.lessonIds).toEqual(['a1', 'a2']);
  });

  it('moves a chapter with its lessons', () => {
    expect(moveChapter(chapters, 'b', -1)).toEqual([
      { id: 'b', lessonIds: ['b1'] },
      { id: 'a', lessonIds: ['a1', 'a2'] },
    ]);
    expect(moveChapter(chapters, 'b', 1).map((c) => c.id)).toEqual(['a', 'b']);
  });
});
