// The form messages live once, in @store/commerce (the form island shows the same texts).
export { FORM_MESSAGES } from '@store/commerce';
