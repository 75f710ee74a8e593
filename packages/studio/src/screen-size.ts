/** Spec §2 screen-size helper: mobile up to 432 px, desktop from 433 px; tablet never matches. */
export const MOBILE_MAX_WIDTH = 432;

export function screenSize(width: number): 'mobile' | 'desktop' {
  return width <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

/** The studio's device views (spec §2): frame widths for the site preview. */
export const deviceViews = [
  { id: 'desktop', label: 'Desktop', width: null },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'phone', label: 'Phone', width: 390 },
] as const;
export type DeviceView = (typeof deviceViews)[number]['id'];
