// The shapes live with the beacon schemas in @store/api (one definition for the routes and the document).
export {
  identifier,
  pageFields,
  pageTypeCode,
  pageUrl,
  positiveInt,
  shortText,
  size,
  timestampMs,
} from '@store/api';
