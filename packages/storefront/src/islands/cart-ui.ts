import { mount as mountCartPill } from './cart-pill/index';
import { mount as mountHeaderCart } from './header-cart/index';
import type { IslandModule } from './registry';

// The header cart link and the pill always load together (once there is a cart): one chunk.
export const cartPill: IslandModule = { mount: mountCartPill };
export const headerCart: IslandModule = { mount: mountHeaderCart };
