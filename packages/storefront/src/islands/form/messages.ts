import { FORM_MESSAGES } from '@store/commerce';
import { pageData } from '../../page-data';

/**
 * The page's words for the form (`strings.formRequired` …, in the page's language), where the
 * page has them; in tests and pages without them, the shared defaults.
 */
function pageStrings(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  return pageData().strings ?? {};
}

const strings = pageStrings();
const say = (key: string, fallback: string) => strings[key] || fallback;

const required = say('formRequired', FORM_MESSAGES.required);
const invalid = say('formInvalid', FORM_MESSAGES.invalid);
const serverError = say('formServerError', FORM_MESSAGES.serverError);
const rateLimited = say('formRateLimited', FORM_MESSAGES.rateLimited);

/**
 * What the form island says: the shared form messages (spec §5, §8; the server answers with
 * the same texts), the message for each failed status, and the button labels, each in the
 * page's language when the site translated it.
 */
export const MESSAGES = {
  ...FORM_MESSAGES,
  required,
  email: say('formEmail', FORM_MESSAGES.email),
  characterLimit: say('formCharacterLimit', FORM_MESSAGES.characterLimit),
  invalid,
  captchaMissing: say('formCaptchaMissing', FORM_MESSAGES.captchaMissing),
  scrollDown: say('formScrollDown', FORM_MESSAGES.scrollDown),
  scrollUp: say('formScrollUp', FORM_MESSAGES.scrollUp),
  serverError,
  rateLimited,
  unknown: say('formUnknown', FORM_MESSAGES.unknown),
  byStatus: {
    401: FORM_MESSAGES.unauthorized,
    404: FORM_MESSAGES.notConfigured,
    429: rateLimited,
    500: serverError,
  } as Record<number, string>,
  submitting: say('formSubmitting', 'Submitting…'),
  submit: say('formSubmit', 'Submit'),
  selectOption: say('formSelectOption', 'Select an option'),
};

/** The captions of multi-part fields (name, address, time) by their default text. */
const PART_KEYS: Record<string, string> = {
  'First Name': 'formFirstName',
  'Last Name': 'formLastName',
  'Address Line 1': 'formAddressLine1',
  'Address Line 2': 'formAddressLine2',
  City: 'formCity',
  State: 'formState',
  'Zip Code': 'formZipCode',
  Country: 'formCountry',
  Hour: 'formHour',
  Minute: 'formMinute',
  Second: 'formSecond',
};

/** A part's caption as the page says it ("First Name" → "Prénom"). */
export function partCaption(label: string): string {
  const key = PART_KEYS[label];
  return key ? say(key, label) : label;
}

/**
 * A likert answer as the page shows it: the site's localized strings (spec §3
 * productSummaryFormLikert…), translated like the others. What is sent stays the label.
 */
export function likertCaption(label: string): string {
  const key = `productSummaryFormLikert${label.replace(/\s+/g, '')}`;
  if (typeof document === 'undefined') return label;
  return pageData().localizedStrings[key] || label;
}

/** A message the server sent (always the shared default text) as the page says it. */
export function localMessage(text: string): string {
  for (const key of Object.keys(FORM_MESSAGES) as (keyof typeof FORM_MESSAGES)[])
    if (FORM_MESSAGES[key] === text) return MESSAGES[key];
  return text;
}
