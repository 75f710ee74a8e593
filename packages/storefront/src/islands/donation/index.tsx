import { mountInto } from '../mount-into';
import { DonationForm } from './donation-form';
import { DonationThanks } from './thanks';

/**
 * Island entries: 'donation' (the donation block: `data-campaign`, its block id; the donate
 * page reads `?campaign=`, and may start from `?amount=` and `?frequency=`) and
 * 'donation-thanks' (page 204: `?orderId=` and `?token=` of the paid order).
 */
export function mount(element: HTMLElement): void {
  const query = new URLSearchParams(location.search);
  if (element.dataset.island === 'donation-thanks') {
    mountInto(
      element,
      <DonationThanks orderId={query.get('orderId') ?? ''} token={query.get('token') ?? ''} />,
    );
    return;
  }
  const onPage = element.dataset.page === 'donate';
  const campaignId = onPage ? (query.get('campaign') ?? '') : (element.dataset.campaign ?? '');
  const initial = onPage
    ? { amount: query.get('amount') ?? undefined, frequency: query.get('frequency') ?? undefined }
    : undefined;
  mountInto(element, <DonationForm campaignId={campaignId} initial={initial} intro={onPage} />);
}
