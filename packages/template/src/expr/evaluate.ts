import { FUNCTIONS, asBool, asNum, asStr } from './functions';
import { type Literal, NULL, OPS, type Token, bool, num, str } from './tokens';

/** What evaluation needs from the render. */
export interface ExprScope {
  resolve(path: (string | number)[]): unknown;
  /** Assign `@name` (collected by the caller, dropped if any error is reported). */
  assign(name: string, value: unknown): void;
  error(message: string): void;
}

function literal(scope: ExprScope, t: Token | undefined): Literal | undefined {
  if (t === undefined) return undefined;
  switch (t.t) {
    case 'var': {
      const v = scope.resolve(t.path);
      switch (typeof v) {
        case 'boolean':
          return bool(v);
        case 'number':
          return num(v);
        case 'string':
          return str(v);
        default:
          // Objects and arrays are not expression values.
          return v === null || v === undefined ? NULL : undefined;
      }
    }
    case 'bool':
    case 'num':
    case 'str':
    case 'null':
      return t;
    default:
      return undefined;
  }
}

/**
 * Reduce each RPN queue in turn; the value left by the last one is the result. Returns
 * undefined when there is nothing to print. `maxStringLen` bounds concatenation.
 */
export function evaluate(exprs: Token[][], raw: string, scope: ExprScope, maxStringLen: number): unknown {
  let result: unknown;
  for (const expr of exprs) result = reduce(expr, raw, scope, maxStringLen);
  return result;
}

const reduceError = (raw: string, msg: string) => `Error reducing expression: ${raw}: ${msg}`;

function reduce(expr: Token[], raw: string, scope: ExprScope, maxStringLen: number): unknown {
  const stack: (Token | undefined)[] = [];
  const setTop = (t: Token | undefined) => {
    if (stack.length) stack[stack.length - 1] = t;
  };
  loop: for (const t of expr) {
    switch (t.t) {
      case 'bool':
      case 'str':
      case 'num':
      case 'null':
      case 'var':
      case 'args':
        stack.push(t);
        continue;
      case 'call': {
        const args: Literal[] = [];
        // Stops at the argument marker, or at a hole left by a failed unary operator (as JSON-T).
        for (
          let top = stack[stack.length - 1];
          top !== undefined && top.t !== 'args';
          top = stack[stack.length - 1]
        ) {
          const a = literal(scope, stack.pop());
          if (a) args.push(a);
        }
        stack.pop();
        args.reverse();
        const r = FUNCTIONS[t.name]?.(args);
        if (!r) {
          scope.error(reduceError(raw, `Error calling function ${t.name}`));
          break loop;
        }
        stack.push(r);
        continue;
      }
      case 'op': {
        const o = t.op;
        if (o === OPS.MINUS || o === OPS.PLUS || o === OPS.LNOT || o === OPS.BNOT) {
          const a = literal(scope, stack[stack.length - 1]);
          if (!a) setTop(undefined);
          else if (o === OPS.MINUS) setTop(num(-1 * asNum(a)));
          else if (o === OPS.PLUS) setTop(num(asNum(a)));
          else if (o === OPS.LNOT) setTop(bool(!asBool(a)));
          // JSON-T converts the unresolved operand here: `~` of a variable is always ~NaN (-1).
          else setTop(num(stack[stack.length - 1]?.t === 'var' ? -1 : ~asNum(a)));
          continue;
        }
        if (o === OPS.ASN) {
          const b = literal(scope, stack.pop());
          const a = stack.pop();
          if (a !== undefined && a.t === 'var' && b !== undefined) {
            const name = a.path[0];
            if (a.path.length === 1 && typeof name === 'string' && name[0] === '@') scope.assign(name, b.v);
          }
          setTop(undefined);
          break loop;
        }
        const b = literal(scope, stack.pop());
        const a = literal(scope, stack.pop());
        if (a === undefined || b === undefined) {
          scope.error(reduceError(raw, `Invalid arguments to operator ${o.desc}`));
          break loop;
        }
        let r: Literal;
        switch (o) {
          case OPS.MUL:
            r = num(asNum(a) * asNum(b));
            break;
          case OPS.DIV:
            r = num(asNum(a) / asNum(b));
            break;
          case OPS.ADD:
            if (a.t === 'str' || b.t === 'str') {
              const x = asStr(a);
              const y = asStr(b);
              if (maxStringLen > 0 && x.length + y.length > maxStringLen) {
                scope.error(
                  reduceError(raw, `Concatenation would exceed maximum string length ${maxStringLen}`),
                );
                break loop;
              }
              r = str(x + y);
            } else r = num(asNum(a) + asNum(b));
            break;
          case OPS.SUB:
            r = num(asNum(a) - asNum(b));
            break;
          case OPS.POW:
            r = num(asNum(a) ** asNum(b));
            break;
          case OPS.MOD:
            r = num(asNum(a) % asNum(b));
            break;
          case OPS.SHL:
            r = num(asNum(a) << asNum(b));
            break;
          case OPS.SHR:
            r = num(asNum(a) >> asNum(b));
            break;
          case OPS.LT:
            r = bool((a.v as number) < (b.v as number));
            break;
          case OPS.LTEQ:
            r = bool((a.v as number) <= (b.v as number));
            break;
          case OPS.GT:
            r = bool((a.v as number) > (b.v as number));
            break;
          case OPS.GTEQ:
            r = bool((a.v as number) >= (b.v as number));
            break;
          case OPS.EQ:
            // biome-ignore lint/suspicious/noDoubleEquals: the language's == is JavaScript's loose equality
            r = bool(a.v == b.v);
            break;
          case OPS.NEQ:
            // biome-ignore lint/suspicious/noDoubleEquals: loose inequality by design
            r = bool(a.v != b.v);
            break;
          case OPS.SEQ:
            r = bool(a.v === b.v);
            break;
          case OPS.SNEQ:
            r = bool(a.v !== b.v);
            break;
          case OPS.BAND:
            r = num(asNum(a) & asNum(b));
            break;
          case OPS.BXOR:
            r = num(asNum(a) ^ asNum(b));
            break;
          case OPS.BOR:
            r = num(asNum(a) | asNum(b));
            break;
          case OPS.LAND:
            r = bool(asBool(a) && asBool(b));
            break;
          case OPS.LOR:
            r = bool(asBool(a) || asBool(b));
            break;
          default:
            scope.error(reduceError(raw, `Unexpected operator found during evaluation: ${o.desc}`));
            setTop(undefined);
            break loop;
        }
        stack.push(r);
      }
    }
  }
  const top = stack[stack.length - 1];
  if (top) {
    const v = literal(scope, top);
    if (v) return v.v;
    scope.error(reduceError(raw, 'Reduce error: unexpected token on stack'));
  }
  return undefined;
}
