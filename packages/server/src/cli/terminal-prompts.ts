import { createInterface } from 'node:readline/promises';

/** Asks the person at the terminal; tests stand in with canned answers. */
export interface Prompter {
  /** A visible answer; an empty answer takes `fallback` when there is one. */
  ask(question: string, fallback?: string): Promise<string>;
  /** An answer that is never shown (a password): nothing is echoed while it is typed. */
  askHidden(question: string): Promise<string>;
}

/** Prompts on the process's terminal (stdin must be a TTY for `askHidden`). */
export function terminalPrompter(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout,
): Prompter {
  return {
    async ask(question, fallback) {
      const rl = createInterface({ input, output, terminal: true });
      try {
        const answer = (await rl.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)).trim();
        return answer || fallback || '';
      } finally {
        rl.close();
      }
    },
    askHidden(question) {
      return readHidden(question, input, output);
    },
  };
}

/**
 * Read one line in raw mode, echoing nothing (not even asterisks: the length of a password
 * is part of the secret). Backspace edits, Enter ends, Ctrl+C and Ctrl+D stop the program.
 */
function readHidden(question: string, input: NodeJS.ReadStream, output: NodeJS.WriteStream): Promise<string> {
  output.write(`${question}: `);
  return new Promise((resolve) => {
    let answer = '';
    const wasRaw = input.isRaw;
    input.setRawMode?.(true);
    input.resume();
    input.setEncoding('utf8');
    const finish = () => {
      input.off('data', onData);
      input.setRawMode?.(wasRaw ?? false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(answer);
          return;
        }
        if (char === '\u0003' || char === '\u0004') {
          finish();
          output.write('stopped\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else if (char >= ' ') answer += char;
      }
    };
    input.on('data', onData);
  });
}
