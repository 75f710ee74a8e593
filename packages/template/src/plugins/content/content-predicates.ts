import type { Predicate, RenderContext } from '../../plugin-api';
import { isObject, isTruthy, toBool, toNum, toStr } from '../../values';
import { removeTags } from './image-meta';
import { asInt, path, prop } from './node-path';

/** Collection type and folder behaviour codes (spec §3 enumerations). */
const TEMPLATE_PAGE = 7;
const PAGE = 10;
const FOLDER_INDEX = 1;
const FOLDER_REDIRECT = 2;

/** Whitespace (which includes NBSP and BOM) and zero-width spaces do not make an excerpt visible. */
const INVISIBLE = /\s|\u200b/g;

const node = (ctx: RenderContext) => ctx.node;
const hasImage = (item: unknown) =>
  isTruthy(prop(item, 'mainImageId')) || isTruthy(prop(item, 'systemDataId'));
const isNumberLike = (v: unknown) => typeof v === 'number' || typeof v === 'string';

/** Same UTC calendar day; like the reference, a missing instant counts as the epoch. */
function sameUtcDay(a: unknown, b: unknown): boolean {
  const x = new Date(toNum(a));
  const y = new Date(toNum(b));
  if (Number.isNaN(x.getTime()) || Number.isNaN(y.getTime())) return false;
  return (
    x.getUTCFullYear() === y.getUTCFullYear() &&
    x.getUTCMonth() === y.getUTCMonth() &&
    x.getUTCDate() === y.getUTCDate()
  );
}

/** Node-level content predicates (FEATURES §5 content). */
export const contentPredicates: Record<string, Predicate> = {
  'calendar-view?': (_a, ctx) => toBool(prop(node(ctx), 'calendarView')),
  'child-images?': (_a, ctx) => hasImage(path(node(ctx), 'items', 0)),
  'clickable?': (_a, ctx) => {
    const fb = prop(node(ctx), 'folderBehavior');
    return fb === undefined || asInt(fb) === FOLDER_INDEX || asInt(fb) === FOLDER_REDIRECT;
  },
  'redirect?': (_a, ctx) =>
    isNumberLike(prop(node(ctx), 'folderBehavior')) &&
    asInt(prop(node(ctx), 'folderBehavior')) === FOLDER_REDIRECT,
  'collection?': (_a, ctx) => isTruthy(prop(node(ctx), 'collection')),
  'collection-page?': (_a, ctx) => asInt(path(node(ctx), 'collection', 'type')) === PAGE,
  'collection-template-page?': (_a, ctx) => {
    // A node with a collection is judged by the collection alone.
    const collection = prop(node(ctx), 'collection');
    const type = collection === undefined ? prop(node(ctx), 'type') : prop(collection, 'type');
    return asInt(type) === TEMPLATE_PAGE;
  },
  'collectionTypeNameEquals?': (args, ctx) => {
    const name = prop(node(ctx), 'typeName');
    return args.length > 0 && typeof name === 'string' && name === args[0];
  },
  'excerpt?': (_a, ctx) => {
    let excerpt = prop(node(ctx), 'excerpt');
    if (isObject(excerpt)) excerpt = prop(excerpt, 'html');
    if (typeof excerpt !== 'string') return false;
    return removeTags(excerpt).replace(INVISIBLE, '').length > 0;
  },
  'external-link?': (_a, ctx) => isTruthy(prop(node(ctx), 'externalLink')),
  'folder?': (_a, ctx) => isTruthy(path(node(ctx), 'collection', 'folder')),
  'index?': (_a, ctx) => {
    const collection = prop(node(ctx), 'collection');
    const fb = prop(collection, 'folderBehavior');
    return isTruthy(prop(collection, 'folder')) && fb === FOLDER_INDEX;
  },
  'has-multiple?': (_a, ctx) => {
    const n = node(ctx);
    if (Array.isArray(n)) return n.length > 1;
    return isObject(n) && Object.keys(n).length > 1;
  },
  'location?': (_a, ctx) => {
    const location = prop(node(ctx), 'location');
    return prop(location, 'mapLat') !== undefined && prop(location, 'mapLng') !== undefined;
  },
  'main-image?': (_a, ctx) => hasImage(node(ctx)),
  'passthrough?': (_a, ctx) =>
    isTruthy(prop(node(ctx), 'passthrough')) && toStr(prop(node(ctx), 'sourceUrl')) !== '',
  'same-day?': (_a, ctx) => sameUtcDay(prop(node(ctx), 'startDate'), prop(node(ctx), 'endDate')),
  'serviceNameEmail?': (_a, ctx) => prop(node(ctx), 'serviceName') === 'email',
  'show-past-events?': (_a, ctx) => prop(node(ctx), 'showPastOrUpcomingEvents') === 'past',
};
