// The codes live with the store's other shared rules; pages keep importing them from here.
export { CollectionType, PageType, type PageTypeCode, RecordType } from '@store/commerce';
