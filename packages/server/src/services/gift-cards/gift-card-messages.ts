// The gift card and download messages live in @store/api (the islands show the server's message).
export { DOWNLOAD_MESSAGES, GIFT_CARD_MESSAGES } from '@store/api';
