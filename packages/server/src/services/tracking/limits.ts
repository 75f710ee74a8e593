// The limits live with the beacon schemas in @store/api (one definition for the routes and the document).
export { trackingLimits } from '@store/api';
