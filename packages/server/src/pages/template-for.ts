import type { PageContext } from './page-context';
import { CollectionType, PageType, RecordType } from './page-types';

/** Which theme page template renders a page context. */
export function templateFor(context: PageContext): string {
  switch (context.pageType) {
    case PageType.collection: {
      const typeName = context.collection?.typeName;
      if (context.collection?.type === CollectionType.course) return 'course';
      return typeName === 'products' ? 'store' : typeName === 'page' ? 'page' : 'blog';
    }
    case PageType.contentItem:
      if (context.item?.recordType === RecordType.lesson) return 'lesson';
      return context.item?.recordType === RecordType.storeItem ? 'product' : 'post';
    case PageType.notFound:
      return 'not-found';
    case PageType.error:
      return 'error';
    case PageType.search:
      return 'search';
    case PageType.lockScreen:
      return 'lock-screen';
    case PageType.memberAreaAccessDenied:
      // A page locked by a member area; the members-only setting answers 105 (the page template).
      return context.memberGate ? 'member-denied' : 'page';
    case PageType.paywall:
      return 'paywall';
    case PageType.showCart:
      return 'cart';
    case PageType.checkout:
      return 'checkout';
    case PageType.orderConfirmed:
      return 'order-confirmed';
    case PageType.donate:
      return 'donate';
    case PageType.contributionConfirmed:
      return 'contribution-confirmed';
    case PageType.subscriptionConfirmed:
      return 'subscription-confirmed';
    case PageType.orderStatus:
      return 'order-status';
    case PageType.orderReceived:
      return 'order-received';
    case PageType.reviewsRequest:
      return 'reviews-request';
    case PageType.digitalProductPreview:
      return 'digital-preview';
    case PageType.newsletterUnsubscribe:
      return 'newsletter-unsubscribe';
    case PageType.memberJoin:
      return 'member-join';
    case PageType.membershipConfirmed:
      return 'membership-confirmed';
    case PageType.schedulingManage:
      return 'scheduling-manage';
    case PageType.customerAccount:
      return 'account';
    case PageType.ssoPage:
      return 'sso';
    default:
      return 'page';
  }
}
