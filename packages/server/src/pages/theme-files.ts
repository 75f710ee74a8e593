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
  const theme: ThemeFiles = {
    name,
    layout: fs.readFileSync(path.join(dir, 'layout.html'), 'utf8'),
    // Inlined into every page: one small stylesheet beats a render-blocking request for LCP.
    css: fs.readFileSync(path.join(dir, 'theme.css'), 'utf8').replace(/\s*\n\s*/g, ''),
    pages,
  };
  loaded.set(name, theme);
  return theme;
}
