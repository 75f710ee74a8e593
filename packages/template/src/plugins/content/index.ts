import type { TemplatePlugin } from '../../plugin-api';
import { colorWeight, websiteColor } from './color';
import { contentPredicates } from './content-predicates';
import { galleryPredicates } from './gallery-predicates';
import { imageColor } from './image-color';
import { childImageMeta, coverImageMeta, image, imageMetaFormatter, imageSrcset } from './image-formatters';
import {
  height,
  resizedHeightForWidth,
  resizedWidthForHeight,
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth,
  width,
} from './image-size';
import { itemClasses } from './item-classes';
import { recordTypePredicates } from './record-type-predicates';
import { absUrl, audioPlayer, capitalize, humanizeDuration } from './text-formatters';
import { video } from './video';

/** The built-in "content" formatters and predicates. */
export const contentPlugin: TemplatePlugin = {
  name: 'content',
  formatters: {
    AbsUrl: absUrl,
    'audio-player': audioPlayer,
    capitalize,
    'child-image-meta': childImageMeta,
    'color-weight': colorWeight,
    'cover-image-meta': coverImageMeta,
    height,
    width,
    humanizeDuration,
    image,
    'image-color': imageColor,
    'image-meta': imageMetaFormatter,
    'image-srcset': imageSrcset,
    'item-classes': itemClasses,
    resizedHeightForWidth,
    resizedWidthForHeight,
    squarespaceThumbnailForWidth,
    squarespaceThumbnailForHeight,
    video,
    'website-color': websiteColor,
  },
  predicates: {
    ...contentPredicates,
    ...recordTypePredicates(),
    ...galleryPredicates(),
  },
};
