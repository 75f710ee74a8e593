import { ADD_TO_CART_ERRORS } from '../messages/add-to-cart';
import { fillMessage } from '../messages/fill-message';

/**
 * The alert for unchosen options (spec §5): one, two, or a list joined by commas and "and".
 *
 * @example
 * missingOptionsMessage(['Size']);                  // "Please select the Size option."
 * missingOptionsMessage(['Size', 'Color']);         // "Please select the Size and Color options."
 * missingOptionsMessage(['Size', 'Color', 'Fit']);  // "Please select the Size, Color and Fit options."
 */
export function missingOptionsMessage(names: readonly string[]): string {
  if (names.length <= 1) return fillMessage(ADD_TO_CART_ERRORS.OPTION_MISSING, { option: names[0] ?? '' });
  const options = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return fillMessage(ADD_TO_CART_ERRORS.OPTIONS_MISSING, { options });
}
