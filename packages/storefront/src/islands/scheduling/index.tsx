import { mountInto } from '../mount-into';
import { BookingWidget } from './booking-widget';
import { ManageBooking, tokenOfPath } from './manage';

/**
 * Island entries: 'scheduling' (the booking block: `data-type-ids`, the types it offers, all
 * when empty) and 'scheduling-manage' (the page of a booking's signed link, token in the path).
 */
export function mount(element: HTMLElement): void {
  if (element.dataset.island === 'scheduling-manage') {
    mountInto(element, <ManageBooking token={tokenOfPath(location.pathname)} />);
    return;
  }
  const typeIds = (element.dataset.typeIds ?? '').split(',').filter(Boolean);
  mountInto(element, <BookingWidget typeIds={typeIds} />);
}
