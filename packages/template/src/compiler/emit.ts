/**
 * What `{x}` writes for a value. Arrays join their elements with JavaScript string
 * conversion (so `null` prints `null` and objects `[object Object]`), as JSON-T does.
 */
export function emitText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (!Array.isArray(value)) return '';
      let out = '';
      for (let i = 0; i < value.length; i++) {
        if (i > 0) out += ',';
        out += String(value[i]);
      }
      return out;
    }
    default:
      return '';
  }
}
