import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('product gallery and what search engines read', () => {
  screenshotOnFailure(() => browser);

  it('thumbnails switch the picture; the picture opens a zoomable lightbox with previous/next', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    const thumbs = page.locator('.product-thumb');
    expect(await thumbs.count()).toBe(3);
    await thumbs.nth(1).click();
    await expect
      .poll(() => page.getAttribute('[data-product-image]', 'src'))
      .toBe('/assets/demo/canvas-tote-detail.svg');
    expect(await thumbs.nth(1).getAttribute('aria-current')).toBe('true');
    await page.click('[data-product-zoom]');
    const box = page.locator('[data-testid="lightbox"]');
    await box.waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop/p/canvas-tote');
    expect(await box.locator('img').getAttribute('src')).toBe('/assets/demo/canvas-tote-detail.svg');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => box.locator('img').getAttribute('src'))
      .toBe('/assets/demo/canvas-tote-scene.svg');
    await box.locator('.lightbox__zoom').click();
    expect(await box.locator('.lightbox__zoom').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="lightbox"]', { state: 'detached' });
    // Every picture is a drawing served by the site.
    for (const name of ['canvas-tote', 'canvas-tote-detail', 'canvas-tote-scene', 'classic-tee-sand']) {
      const res = await page.request.get(`/assets/demo/${name}.svg`);
      expect(res.status(), name).toBe(200);
    }
  });

  it('product pages carry canonical, Open Graph, Twitter and Product JSON-LD with offers', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/shop/p/stoneware-mug');
    const origin = server.url;
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe(`${origin}/shop/p/stoneware-mug`);
    expect(await page.getAttribute('meta[property="og:type"]', 'content')).toBe('product');
    expect(await page.getAttribute('meta[property="og:image"]', 'content')).toBe(
      `${origin}/assets/demo/stoneware-mug.svg`,
    );
    expect(await page.getAttribute('meta[name="twitter:card"]', 'content')).toBe('summary_large_image');
    const ld = JSON.parse((await page.textContent('script[type="application/ld+json"]')) ?? '{}');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe('Stoneware Mug');
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers[0]).toMatchObject({
      price: '32.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
    });
    await page.goto('/blog/behind-the-kiln');
    const post = JSON.parse((await page.textContent('script[type="application/ld+json"]')) ?? '{}');
    expect(post).toMatchObject({ '@type': 'BlogPosting', headline: 'Behind the kiln' });
    await page.goto('/cart');
    expect(await page.getAttribute('meta[name=robots]', 'content')).toBe('noindex');
  });

  it('robots.txt, sitemap.xml (every public page, post and product) and the blog RSS feed', async () => {
    const { page } = browser as LaunchedBrowser;
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /checkout');
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    for (const path of [
      '/',
      '/shop',
      '/blog',
      '/about',
      '/contact',
      '/shop/p/gift-card',
      '/blog/caring-for-merino',
    ])
      expect(sitemap, path).toContain(`<loc>${server.url}${path}</loc>`);
    expect(sitemap).not.toContain('/wholesale'); // password-protected
    expect((sitemap.match(/\/shop\/p\//g) ?? []).length).toBe(13);
    const rss = await page.request.get('/blog?format=rss');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    const feed = await rss.text();
    expect((feed.match(/<item>/g) ?? []).length).toBe(3);
    expect(feed).toContain('<title>Behind the kiln</title>');
    await page.goto('/blog');
    expect(await page.getAttribute('link[rel=alternate][type="application/rss+xml"]', 'href')).toBe(
      `${server.url}/blog?format=rss`,
    );
  });

  it('shop: category links and sort (no JavaScript needed), search box on phones', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/shop');
    await page.click('.shop-categories a:has-text("Apparel")');
    await page.waitForURL('**/shop?category=apparel');
    const titles = () => page.locator('.product-card__title').allTextContents();
    expect(await titles()).toEqual(['Classic Tee', 'Zip Hoodie', 'Wool Beanie']);
    await page.selectOption('#shop-sort', 'price-asc');
    await page.click('.shop-sort button');
    await page.waitForURL('**/shop?category=apparel&sort=price-asc');
    expect(await titles()).toEqual(['Classic Tee', 'Wool Beanie', 'Zip Hoodie']);
    expect(await page.getAttribute('.shop-categories a.active', 'href')).toBe(
      '/shop?category=apparel&sort=price-asc',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    // Phones keep the search box in the header's menu.
    await page.click('[data-menu-toggle]');
    expect(await page.isVisible('#site-search-q')).toBe(true);
    await page.click('[data-menu-toggle]');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the cart offers instalments only when every item is physical', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/shop/p/art-print');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.selectOption('select[data-variant-option-name="Size"]', 'A3');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]')).toBe('1');
    await page.goto('/cart');
    const pill = page.locator('[data-testid="cart-instalments"]');
    await pill.waitFor();
    expect(await pill.textContent()).toBe('or 4 interest-free payments of $23.75 with Afterpay');
    await page.goto('/shop/p/lightroom-presets');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]')).toBe('2');
    await page.goto('/cart');
    await page.waitForSelector('[data-testid="cart-line"]');
    expect(await pill.count()).toBe(0);
  });
});
