import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchSharedBrowser, type SharedBrowser } from './helpers/shared-browser';
import { type RunningServer, startServer, callFromPage as call } from './helpers/index';
import { settle, signInToStudio } from './helpers/studio-screens';

// Courses in a real browser: the owner makes a course with two lessons in the studio (the
// second with a video uploaded from the lesson editor: a short WebM the browser records from
// a canvas), and a member area locks the course. A member plays the video (its play, quartile
// and complete events reach the event endpoint), marks the lesson complete and sees the tick
// and percentage; a visitor who is not a member gets the lesson's paywall button.
// Screenshots at 1280 and 390 px (SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-courses';
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const CUSTOMER = { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' };

let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ timeoutMs: 420_000 });
  shared = await launchSharedBrowser(server.url, { args: ['--autoplay-policy=no-user-gesture-required'] });
}, 480_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
});

const open = (width: number) => shared.open({ width });

async function shot(page: Page, name: string) {
  await settle(page);
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('*')])
      if (el && el.scrollTop > 0) el.scrollTop = 0;
  });
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });
}

/** A two-second WebM recorded in the browser from a canvas (no video tools on the machine). */
async function recordedWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => {
      recorder.onstop = r;
    });
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      g.fillStyle = `hsl(${(frame * 12) % 360} 60% 45%)`;
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#fff';
      g.font = '28px sans-serif';
      g.fillText(`Centering ${frame}`, 40, 100);
    }, 66);
    recorder.start();
    await new Promise((r) => setTimeout(r, 2000));
    recorder.stop();
    await done;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

describe('courses', () => {
  let courseId = '';
  let courseUrl = '';
  let lockedUrl = '';

  it('the owner creates a course with two lessons in the studio, one with an uploaded video', async () => {
    const page = await open(1280);
    await signInToStudio(page, OWNER.email, OWNER.password);
    await settle(page);
    await page.getByLabel('Type').selectOption('course');
    await page.getByLabel('Title', { exact: true }).fill('Wheel Throwing');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Wheel Throwing added').waitFor();
    const pages = await call(page, 'GET', '/api/studio/pages');
    const course = pages.body.pages.find((p: { title: string }) => p.title === 'Wheel Throwing');
    expect(course.kind).toBe('course');
    courseId = course.id;
    courseUrl = course.fullUrl;
    expect(
      (await call(page, 'PUT', `/api/studio/pages/${courseId}/settings`, { status: 'PUBLISHED' })).status,
    ).toBe(200);
    await page.goto(`/config/courses/${courseId}`);
    await settle(page);
    await page.getByLabel('New chapter title').fill('Getting started');
    await page.getByRole('button', { name: 'Add chapter' }).click();
    await page.getByLabel('New lesson in Getting started').fill('Welcome');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await page.getByText('Welcome added.').waitFor();
    // The new lesson opens in the editor: its text, free preview, save.
    await page.locator('#lesson-body').click();
    await page.keyboard.type('Set up the wheel and wedge your clay.');
    await page.getByLabel(/^Free preview/).check();
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await page.getByText('Lesson saved.').waitFor();

    await page.getByLabel('New lesson in Getting started').fill('Centering the clay');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await page.getByText('Centering the clay added.').waitFor();
    await page.locator('#lesson-body').click();
    await page.keyboard.type('Brace your elbows and lean into the clay.');
    await page.getByLabel('Length (minutes)').fill('2');
    await page.getByLabel('From the media library').check();
    const webm = await recordedWebm(page);
    await page.getByLabel('Or upload a video (MP4 or WebM)').setInputFiles({
      name: 'centering.webm',
      mimeType: 'video/webm',
      buffer: webm,
    });
    await page.getByText('centering.webm uploaded.').waitFor();
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await page.getByText('Lesson saved.').waitFor();

    // Order: the second lesson moves up and back down with the buttons.
    await page.getByRole('button', { name: 'Move Centering the clay up' }).click();
    await page.getByText('Centering the clay moved up.').waitFor();
    await page.getByRole('button', { name: 'Move Centering the clay down' }).click();
    await page.getByText('Centering the clay moved down.').waitFor();
    const saved = await call(page, 'GET', `/api/studio/courses/${courseId}`);
    const lessons = saved.body.chapters[0].lessons;
    expect(lessons.map((l: { title: string }) => l.title)).toEqual(['Welcome', 'Centering the clay']);
    expect(lessons[1].video.kind).toBe('media');
    lockedUrl = lessons[1].fullUrl;
    await page.getByRole('button', { name: 'Centering the clay', exact: true }).click();
    await shot(page, 'studio-course-editor');
    const phone = await open(390);
    await signInToStudio(phone, OWNER.email, OWNER.password);
    await phone.goto(`/config/courses/${courseId}`);
    await phone.getByRole('button', { name: 'Centering the clay', exact: true }).click();
    await shot(phone, 'studio-course-editor');

    // A member area locks the course; the customer is added as a member.
    const area = await call(page, 'POST', '/api/studio/members/areas', {
      name: 'Pottery School',
      slug: 'pottery-school',
    });
    expect(area.status).toBe(201);
    const areaId = area.body.id ?? area.body.area?.id;
    const unlock = await call(page, 'PUT', `/api/studio/members/areas/${areaId}/content`, {
      content: [{ kind: 'collection', ref: courseId }],
    });
    expect(unlock.status).toBe(200);
    const member = await call(page, 'POST', `/api/studio/members/areas/${areaId}/members`, {
      email: CUSTOMER.email,
    });
    expect(member.status).toBeLessThan(300);
  }, 240_000);

  it('a visitor who is not a member sees the paywall button on the locked lesson, the free preview open', async () => {
    for (const width of [1280, 390]) {
      const page = await open(width);
      await page.goto(lockedUrl);
      const join = page.getByRole('link', { name: 'Join to watch this lesson' });
      await join.waitFor();
      expect(await join.getAttribute('href')).toBe('/members/pottery-school/join');
      expect(await page.locator('video').count()).toBe(0);
      expect(await page.content()).not.toContain('Brace your elbows');
      await shot(page, 'lesson-locked');
    }
    const page = await open(1280);
    await page.goto(courseUrl);
    await page.getByRole('link', { name: 'Welcome' }).click();
    await page.getByText('Set up the wheel and wedge your clay.').waitFor();
  }, 120_000);

  it('a member plays the lesson video, marks it complete and sees the progress', async () => {
    for (const width of [1280, 390]) {
      const page = await open(width);
      const events: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/clanker/events')) events.push(request.postData() ?? '');
      });
      await page.goto('/');
      expect((await call(page, 'POST', '/api/site-users/account/session', CUSTOMER)).status).toBe(200);
      await page.goto(lockedUrl);
      await page.getByText('Brace your elbows and lean into the clay.').waitFor();
      const video = page.locator('video.lesson-video__player');
      await video.waitFor();
      // The island is mounted once the lesson's chunk has loaded.
      await page.locator('[data-island="lesson"][data-island-mounted="true"]').waitFor();
      await video.evaluate(async (el: HTMLVideoElement) => {
        el.muted = true;
        const ended = new Promise((r) => el.addEventListener('ended', r, { once: true }));
        await el.play();
        await ended;
      });
      await expect
        .poll(() => events.filter((e) => e.includes('"video_action\\":\\"complete\\"')).length, {
          timeout: 15_000,
        })
        .toBe(1);
      const sent = events.join('\n');
      expect(sent).toContain('\\"video_action\\":\\"play\\"');
      for (const q of [25, 50, 75]) expect(sent).toContain(`\\"video_progress\\":${q}`);
      if (width === 1280) {
        await page.getByRole('button', { name: 'Mark complete' }).click();
        await page.getByText('50% of the course complete (1 of 2).').waitFor();
        expect(await page.getByRole('button', { name: 'Completed ✓' }).getAttribute('aria-pressed')).toBe(
          'true',
        );
      }
      await video.evaluate((el: HTMLVideoElement) => {
        el.currentTime = 0.5;
      });
      await shot(page, 'lesson');
      await page.goto(courseUrl);
      await page.getByText('50% complete').waitFor();
      expect(await page.locator('.course-lesson--done').count()).toBe(1);
      await shot(page, 'course-outline');
    }
  }, 180_000);
});
