import { messages } from '../errors';
import { evaluate } from '../expr/evaluate';
import { parseExpression } from '../expr/parse-expression';
import { tokenDebug } from '../expr/tokens';
import { type Block, Frame, resolvePath } from '../runtime/frame';
import type { CompileEnv } from './compile-block';
import { emitText } from './emit';

/** `{.eval}`: parsed once here; evaluated per render against a scratch scope. */
export function compileEval(code: string, pos: number, env: CompileEnv): Block {
  const source = env.source;
  const debug = code.startsWith('#');
  const raw = debug ? code.slice(1) : code;
  const parsed = parseExpression(raw, env.maxExprTokens);
  const maxLen = env.maxStringLength;
  const dump = `EVAL=[${parsed.exprs.map((e) => `[${e.map(tokenDebug).join(' ')}]`).join(', ')}]`;
  return (st) => {
    st.source = source;
    st.pos = pos;
    if (debug) st.append(dump);
    if (parsed.errors.length) {
      for (const e of parsed.errors) st.error('engine', 'EXPRESSION_PARSE', messages.expressionParse(raw, e));
      return;
    }
    const outer = st.frame;
    const scratch = new Frame(outer.node, outer);
    st.frame = scratch;
    let failed = false;
    const result = evaluate(
      parsed.exprs,
      raw,
      {
        resolve: (path) => resolvePath(path, scratch),
        assign: (name, value) => scratch.setVar(name, value),
        error: (message) => {
          failed = true;
          st.error('engine', 'EXPRESSION_REDUCE', message);
        },
      },
      maxLen,
    );
    st.frame = outer;
    if (failed) return;
    if (scratch.vars !== null) for (const [k, v] of scratch.vars) outer.setVar(k, v);
    if (result !== undefined) {
      if (debug) st.append(' -> ');
      st.append(emitText(result));
    }
  };
}
