/**
 * The theme's site icon, drawn here (nothing fetched): a juniper berry on the theme's green.
 * Browsers that draw SVG icons use it as is; sharp makes the .ico and PNG sizes from it
 * (services/branding/site-icons.ts) for the rest, and for sites without an icon of their own.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#2f5d50"/>
<path d="M16 5c3 4 3 8 0 11-3-3-3-7 0-11z" fill="#9cc5a1"/>
<circle cx="16" cy="21" r="6.5" fill="#fbfaf7"/>
<circle cx="14" cy="19" r="1.6" fill="#2f5d50" opacity="0.35"/>
</svg>`;
