/**
 * What of an error may go to the log. Drizzle's query errors put the bound parameters in
 * the message and pg puts row values in `detail`: both can hold phone or ID numbers, so
 * only the type, code, constraint, the first message line (params cut) and the stack
 * frames are kept.
 */
export interface SafeError {
  type: string;
  code?: string;
  constraint?: string;
  message: string;
  frames: string;
  cause?: SafeError;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  const paramsAt = line.indexOf('params:');
  return (paramsAt >= 0 ? line.slice(0, paramsAt) : line).slice(0, 300);
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', frames: '' };
  const record = error as Error & { code?: unknown; constraint?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .join('\n');
  const result: SafeError = { type: error.name, message: firstLine(error.message), frames };
  if (typeof record.code === 'string') result.code = record.code;
  if (typeof record.constraint === 'string') result.constraint = record.constraint;
  if (error.cause !== undefined && depth < 3) result.cause = safeError(error.cause, depth + 1);
  return result;
}
