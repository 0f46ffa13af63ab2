import type { RuleObject } from 'antd-mobile/es/components/form';

/** What a field rule needs of a contract schema (zod's safeParse). */
interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd-mobile Form rule that runs the contract's own zod schema of the field, so the
 * browser refuses exactly what the server would, with the same Traditional Chinese text.
 * `prepare` turns the input's value into what the request sends (e.g. a number).
 */
export function zodRule(schema: FieldSchema, prepare: (value: unknown) => unknown = (value) => value ?? ''): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(prepare(value));
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
    },
  };
}

/** A field that must be filled (pickers, whose schema is an enum of keys). */
export function requiredRule(message: string): RuleObject {
  return { required: true, message };
}
