import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAreaContent, memberAreas, memberships } from '../../src/db/schema';
import { newCustomer } from '../customer-account/account-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.alloc(64, 1),
]);

function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----course-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Course {
  id: string;
  urlId: string;
  chapters: { id: string; lessons: string[] }[];
  lessonSlugs: Record<string, string>;
}

/** A published course with two chapters: "Basics" (Welcome, Centering) and "Glazes" (Dipping). */
async function makeCourse(call: Call, title: string): Promise<Course> {
  const created = await call('POST', '/api/studio/pages', { title, kind: 'course' });
  expect(created.statusCode).toBe(201);
  const { id, urlId } = created.json();
  expect((await call('PUT', `/api/studio/pages/${id}/settings`, { status: 'PUBLISHED' })).statusCode).toBe(
    200,
  );
  const chapter = async (name: string) =>
    (await call('POST', `/api/studio/courses/${id}/chapters`, { title: name })).json().id as string;
  const basics = await chapter('Basics');
  const glazes = await chapter('Glazes');
  const slugs: Record<string, string> = {};
  const lesson = async (chapterId: string, name: string) => {
    const res = await call('POST', `/api/studio/courses/${id}/lessons`, { chapterId, title: name });
    expect(res.statusCode).toBe(201);
    slugs[res.json().id] = res.json().urlId;
    return res.json().id as string;
  };
  const welcome = await lesson(basics, 'Welcome');
  const centering = await lesson(basics, 'Centering');
  const dipping = await lesson(glazes, 'Dipping');
  return {
    id,
    urlId,
    chapters: [
      { id: basics, lessons: [welcome, centering] },
      { id: glazes, lessons: [dipping] },
    ],
    lessonSlugs: slugs,
  };
}

describe.each(backends)('courses on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let call: Call;
  let otherCall: Call;
  let session: string;
  let course: Course;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'courses-'));
  const page = (url: string, cookies: Record<string, string> = {}) =>
    site.request({ method: 'GET', url, crumb: false, cookies });
  const lessonUrl = (id: string) => `/${course.urlId}/${course.lessonSlugs[id]}`;

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    other = await createTestSite(backend, { config: { dataDir } });
    ({ call, session } = await ownerClient(site));
    ({ call: otherCall } = await ownerClient(other));
    course = await makeCourse(call, 'Throwing Pots');
    // Two sites and a course on a busy machine take a while.
  }, 180_000);
  afterAll(async () => {
    await Promise.all([site.app.close(), other.app.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists chapters and lessons in order; the order can change and lessons can move chapter', async () => {
    const [basics, glazes] = course.chapters;
    const before = (await call('GET', `/api/studio/courses/${course.id}`)).json();
    expect(before.chapters.map((c: { title: string }) => c.title)).toEqual(['Basics', 'Glazes']);
    expect(before.chapters[0].lessons.map((l: { title: string }) => l.title)).toEqual([
      'Welcome',
      'Centering',
    ]);
    const [welcome, centering] = basics?.lessons ?? [];
    const [dipping] = glazes?.lessons ?? [];
    // Glazes first, Dipping moved before Welcome into Basics, then back as it was.
    const moved = await call('PUT', `/api/studio/courses/${course.id}/order`, {
      chapters: [
        { id: glazes?.id, lessonIds: [] },
        { id: basics?.id, lessonIds: [dipping, centering, welcome] },
      ],
    });
    expect(moved.statusCode).toBe(200);
    const after = (await call('GET', `/api/studio/courses/${course.id}`)).json();
    expect(after.chapters.map((c: { title: string }) => c.title)).toEqual(['Glazes', 'Basics']);
    expect(after.chapters[1].lessons.map((l: { title: string }) => l.title)).toEqual([
      'Dipping',
      'Centering',
      'Welcome',
    ]);
    const back = await call('PUT', `/api/studio/courses/${course.id}/order`, {
      chapters: [
        { id: basics?.id, lessonIds: [welcome, centering] },
        { id: glazes?.id, lessonIds: [dipping] },
      ],
    });
    expect(back.statusCode).toBe(200);
    const html = (await page(`/${course.urlId}`)).body;
    expect(html.indexOf('Welcome')).toBeLessThan(html.indexOf('Centering'));
    expect(html.indexOf('Centering')).toBeLessThan(html.indexOf('Dipping'));
  });

  it('refuses bad input with 4xx: empty titles, an order that leaves a lesson out, a non-empty chapter, bad videos', async () => {
    const [basics, glazes] = course.chapters;
    const bad = [
      await call('POST', `/api/studio/courses/${course.id}/chapters`, { title: '  ' }),
      await call('POST', `/api/studio/courses/${course.id}/lessons`, { chapterId: basics?.id, title: '' }),
      await call('PUT', `/api/studio/courses/${course.id}/lessons/${basics?.lessons[0]}`, {}),
      await call('PUT', `/api/studio/courses/${course.id}/lessons/${basics?.lessons[0]}`, {
        durationSeconds: -5,
      }),
      await call('PUT', `/api/studio/courses/${course.id}/order`, {
        chapters: [{ id: basics?.id, lessonIds: basics?.lessons }],
      }),
      await call('PUT', `/api/studio/courses/${course.id}/order`, {
        chapters: [
          { id: basics?.id, lessonIds: [...(basics?.lessons ?? []), ...(basics?.lessons ?? [])] },
          { id: glazes?.id, lessonIds: glazes?.lessons },
        ],
      }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(bad[4]?.json().reason).toBe('COURSE_ORDER_MISMATCH');
    const full = await call('DELETE', `/api/studio/courses/${course.id}/chapters/${glazes?.id}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().reason).toBe('CHAPTER_NOT_EMPTY');
    const lesson = basics?.lessons[1];
    for (const video of [
      { kind: 'embed', url: 'https://evil.example/clip' },
      { kind: 'embed', url: 'javascript:alert(1)' },
      { kind: 'media', mediaId: 'no-such-media' },
    ]) {
      const res = await call('PUT', `/api/studio/courses/${course.id}/lessons/${lesson}`, { video });
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe('LESSON_VIDEO_INVALID');
    }
    // Another site's course, chapter and lesson are not found; a blog is not a course.
    expect((await otherCall('GET', `/api/studio/courses/${course.id}`)).statusCode).toBe(404);
    expect(
      (await otherCall('PUT', `/api/studio/courses/${course.id}/lessons/${lesson}`, { title: 'Mine' }))
        .statusCode,
    ).toBe(404);
    const blogId = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'blog').id;
    expect((await call('GET', `/api/studio/courses/${blogId}`)).statusCode).toBe(404);
    // Signed out: 401 before anything else.
    const anonymous = await site.request({ method: 'GET', url: `/api/studio/courses/${course.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves a lesson: sanitised text, a library video or a player address, length, free preview; deletes', async () => {
    const lesson = course.chapters[0]?.lessons[0];
    const upload = await site.request({
      method: 'POST',
      url: '/api/studio/media',
      cookies: { siteUserSession: session },
      ...multipart('wheel.mp4', 'video/mp4', MP4),
    });
    expect(upload.statusCode).toBe(201);
    const media = upload.json();
    const saved = await call('PUT', `/api/studio/courses/${course.id}/lessons/${lesson}`, {
      body: '<p>Wedge the clay.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      video: { kind: 'media', mediaId: media.id },
      durationSeconds: 600,
    });
    expect(saved.statusCode).toBe(200);
    const view = (await call('GET', `/api/studio/courses/${course.id}`)).json().chapters[0].lessons[0];
    expect(view.body).toContain('Wedge the clay.');
    expect(view.body).not.toMatch(/script|onerror/);
    expect(view.video).toMatchObject({ kind: 'media', mediaId: media.id, url: media.assetUrl });
    const html = (await page(lessonUrl(lesson ?? ''))).body;
    expect(html).toContain(
      `<video class="lesson-video__player" controls preload="metadata" playsinline src="${media.assetUrl}"`,
    );
    expect(html).toContain('10 min');
    // A YouTube address plays in the privacy-enhanced player, admitted by the page's policy.
    const second = course.chapters[0]?.lessons[1];
    const embed = await call('PUT', `/api/studio/courses/${course.id}/lessons/${second}`, {
      video: { kind: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(embed.statusCode).toBe(200);
    const res = await page(lessonUrl(second ?? ''));
    expect(res.body).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(res.headers['content-security-policy']).toContain('https://www.youtube-nocookie.com');
    // Add and delete a lesson.
    const extra = await call('POST', `/api/studio/courses/${course.id}/lessons`, {
      chapterId: course.chapters[1]?.id,
      title: 'Spare',
    });
    expect(
      (await call('DELETE', `/api/studio/courses/${course.id}/lessons/${extra.json().id}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/studio/courses/${course.id}/lessons/${extra.json().id}`)).statusCode,
    ).toBe(404);
  });

  it('serves the outline and lessons with their page context (collection 25, record 62), previous and next', async () => {
    const outline = (await page(`/${course.urlId}?format=json`)).json();
    expect(outline.pageType).toBe(1);
    expect(outline.collection.type).toBe(25);
    expect(outline.course.chapters).toHaveLength(2);
    const [, centering] = course.chapters[0]?.lessons ?? [];
    const lesson = (await page(`${lessonUrl(centering ?? '')}?format=json`)).json();
    expect(lesson.pageType).toBe(50);
    expect(lesson.item.recordType).toBe(62);
    expect(lesson.lesson.previous.title).toBe('Welcome');
    expect(lesson.lesson.next.title).toBe('Dipping');
    expect((await page(`/${course.urlId}/no-such-lesson`)).statusCode).toBe(404);
    expect((await page(`/${course.urlId}/a/b`)).statusCode).toBe(404);
  });

  it('locks lessons by member area: the paywall button instead of the text, free previews open, members see all', async () => {
    const db = (await testDatabase(backend)).db;
    const [area] = await db
      .insert(memberAreas)
      .values({ websiteId: site.websiteId, name: 'Studio members', slug: `studio-${Date.now()}` })
      .returning();
    if (!area) throw new Error('no area');
    await db
      .insert(memberAreaContent)
      .values({ websiteId: site.websiteId, areaId: area.id, kind: 'collection', ref: course.id });
    const [welcome, centering] = course.chapters[0]?.lessons ?? [];
    await call('PUT', `/api/studio/courses/${course.id}/lessons/${centering}`, {
      body: '<p>Secret centering trick.</p>',
    });
    await call('PUT', `/api/studio/courses/${course.id}/lessons/${welcome}`, { freePreview: true });

    // Signed out: locked, paywall button to the area's join page, no text or video in HTML or JSON.
    const locked = await page(lessonUrl(centering ?? ''));
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain(`href="/members/${area.slug}/join"`);
    expect(locked.body).toContain('lesson-paywall');
    expect(locked.body).not.toContain('Secret centering trick');
    expect(locked.body).not.toContain('youtube-nocookie');
    const json = await page(`${lessonUrl(centering ?? '')}?format=json`);
    expect(json.body).not.toContain('Secret centering trick');
    expect(json.json().lesson).toMatchObject({ locked: true, video: null });
    // The free preview stays open.
    const preview = await page(lessonUrl(welcome ?? ''));
    expect(preview.body).toContain('Wedge the clay.');
    expect(preview.body).not.toContain('lesson-paywall');

    // A customer without the membership: locked too, and may not mark it complete.
    const stranger = await newCustomer(site);
    const theirs = await page(lessonUrl(centering ?? ''), { siteUserSession: stranger.session });
    expect(theirs.body).toContain('lesson-paywall');
    expect(theirs.body).not.toContain('Secret centering trick');
    const refused = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${centering}/completed`,
      cookies: { siteUserSession: stranger.session },
      payload: { completed: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('LESSON_LOCKED');

    // A member sees it, marks it complete and sees the tick and percentage; others do not.
    const member = await newCustomer(site);
    await db.insert(memberships).values({
      websiteId: site.websiteId,
      areaId: area.id,
      siteUserId: member.id,
      source: 'owner',
    });
    const open = await page(lessonUrl(centering ?? ''), { siteUserSession: member.session });
    expect(open.body).toContain('Secret centering trick');
    expect(open.body).not.toContain('lesson-paywall');
    expect(open.body).toContain('data-lesson-complete');
    const done = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${centering}/completed`,
      cookies: { siteUserSession: member.session },
      payload: { completed: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ completed: true, progress: { done: 1, total: 3, percent: 33 } });
    const outline = await page(`/${course.urlId}`, { siteUserSession: member.session });
    expect(outline.body).toContain('<strong>33%</strong> complete');
    expect(outline.body).toContain('course-lesson--done');
    const strangersOutline = await page(`/${course.urlId}`, { siteUserSession: stranger.session });
    expect(strangersOutline.body).not.toContain('course-lesson--done');
    expect(strangersOutline.body).toContain('0%');
    // Undo.
    const undone = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${centering}/completed`,
      cookies: { siteUserSession: member.session },
      payload: { completed: false },
    });
    expect(undone.json().progress.done).toBe(0);

    // The course opens again: a lesson locked on its own (kind 'item') stays locked.
    await db
      .update(memberAreaContent)
      .set({ kind: 'item', ref: centering ?? '' })
      .where(eq(memberAreaContent.areaId, area.id));
    await call('PUT', `/api/studio/courses/${course.id}/lessons/${welcome}`, { freePreview: false });
    const itemLocked = (await page(`/${course.urlId}?format=json`)).json().course.chapters[0].lessons;
    expect(itemLocked.map((l: { locked: boolean }) => l.locked)).toEqual([false, true]);
    expect((await page(lessonUrl(welcome ?? ''))).body).not.toContain('lesson-paywall');
    expect((await page(lessonUrl(centering ?? ''))).body).toContain('lesson-paywall');
    await db.delete(memberAreaContent).where(eq(memberAreaContent.areaId, area.id));
  });

  it('keeps progress to the signed-in customer and the site', async () => {
    const lesson = course.chapters[1]?.lessons[0];
    // Signed out: 401; without the crumb: refused; bad body: 400.
    const anonymous = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${lesson}/completed`,
      payload: { completed: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await newCustomer(site);
    const noCrumb = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${lesson}/completed`,
      crumb: false,
      cookies: { siteUserSession: customer.session },
      payload: { completed: true },
    });
    expect(noCrumb.statusCode).toBe(403);
    const badBody = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${lesson}/completed`,
      cookies: { siteUserSession: customer.session },
      payload: { completed: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
    // Another site's customer cannot reach this site's lesson.
    const elsewhere = await newCustomer(other);
    const crossSite = await other.request({
      method: 'PUT',
      url: `/api/courses/lessons/${lesson}/completed`,
      cookies: { siteUserSession: elsewhere.session },
      payload: { completed: true },
    });
    expect(crossSite.statusCode).toBe(404);
    const ok = await site.request({
      method: 'PUT',
      url: `/api/courses/lessons/${lesson}/completed`,
      cookies: { siteUserSession: customer.session },
      payload: { completed: true },
    });
    expect(ok.statusCode).toBe(200);
    // The signed-out outline shows no ticks and no progress.
    const outline = await page(`/${course.urlId}`);
    expect(outline.body).not.toContain('course-lesson--done');
    expect(outline.body).not.toContain('course-progress');
  });
});
