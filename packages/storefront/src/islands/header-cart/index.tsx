import { cartPillCount, cartPillLabel, subtotalText } from '@store/commerce';
import { cartStore } from '../../cart-store';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { mountInto } from '../mount-into';

/**
 * Header cart link (spec §2, §4): count and subtotal once the first sync is done; an empty
 * state at 0. Renders into the template's link so it stays a plain /cart link without JS.
 */
function HeaderCart() {
  const { cart, synced } = useCart();
  const qty = cart?.totalQuantity ?? 0;
  const currency = pageData().currency;
  if (!synced) return <span className="header-cart__label">Cart</span>;
  return (
    <>
      <span className="header-cart__label">Cart</span>
      {/* Empty state: no badge (spec §4 empty vs non-empty); the link keeps its width. */}
      {/* The count is read out in words ("3 items in cart") instead of as a bare number. */}
      {qty > 0 && (
        <span className="header-cart__count sqs-cart-quantity" data-cart-count={qty} aria-hidden="true">
          {cartPillCount(qty)}
        </span>
      )}
      {qty > 0 && <span className="visually-hidden">, {cartPillLabel(qty)}, </span>}
      {qty > 0 && (
        <span className="header-cart__subtotal">{subtotalText(cart?.subtotalCents ?? 0, currency)}</span>
      )}
    </>
  );
}

export function mount(element: HTMLElement): void {
  // Empty vs non-empty state for styling. The link is named by what it shows ("Cart", the count
  // in words, the subtotal): a separate aria-label would not contain the visible text.
  element.removeAttribute('aria-label');
  const update = () => {
    const { cart, synced } = cartStore.get();
    const qty = cart?.totalQuantity ?? 0;
    element.dataset.cartState = !synced ? 'pending' : qty > 0 ? 'non-empty' : 'empty';
  };
  update();
  cartStore.subscribe(update);
  mountInto(element, <HeaderCart />);
}
