import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const themesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../themes');

export interface ThemeFiles {
  name: string;
  layout: string;
  css: string;
  /** Page template name (file name without .html) → source. */
  pages: Record<string, string>;
  /** Block type → its template source (`blocks/<type>.html`, pages made of blocks). */
  blocks: Record<string, string>;
  /** Icon name → its SVG drawing (`icons/<name>.svg`, the social networks' icons). */
  icons: Record<string, string>;
}

const loaded = new Map<string, ThemeFiles>();

/** Read a theme's layout, page templates and stylesheet once per process. */
export function themeFiles(name = 'default'): ThemeFiles {
  const hit = loaded.get(name);
  if (hit) return hit;
  const dir = path.join(themesDir, name);
  const pagesDir = path.join(dir, 'pages');
  const pages: Record<string, string> = {};
  for (const file of fs.readdirSync(pagesDir)) {
    if (file.endsWith('.html')) pages[file.slice(0, -5)] = fs.readFileSync(path.join(pagesDir, file), 'utf8');
  }
  const blocks: Record<string, string> = {};
  const blocksDir = path.join(dir, 'blocks');
  if (fs.existsSync(blocksDir))
    for (const file of fs.readdirSync(blocksDir))
      if (file.endsWith('.html'))
        blocks[file.slice(0, -5)] = fs.readFileSync(path.join(blocksDir, file), 'utf8');
  const icons: Record<string, string> = {};
  const iconsDir = path.join(dir, 'icons');
  if (fs.existsSync(iconsDir))
    for (const file of fs.readdirSync(iconsDir))
      if (file.endsWith('.svg'))
        icons[file.slice(0, -4)] = fs.readFileSync(path.join(iconsDir, file), 'utf8');
  const theme: ThemeFiles = {
    name,
    layout: fs.readFileSync(path.join(dir, 'layout.html'), 'utf8'),
    // Served as one hashed, cached file (theme-stylesheet.ts): the theme's and the blocks' CSS,
    // whitespace runs removed.
    css: [
      path.join(dir, 'theme.css'),
      path.join(dir, 'header.css'),
      path.join(dir, 'courses.css'),
      path.join(blocksDir, 'blocks.css'),
      path.join(blocksDir, 'sections.css'),
    ]
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file, 'utf8').replace(/\s*\n\s*/g, ''))
      .join(''),
    pages,
    blocks,
    icons,
  };
  loaded.set(name, theme);
  return theme;
}
