export { FORM_MESSAGES } from './messages';
